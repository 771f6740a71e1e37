// Shown instead of a blank page when the start-up configuration cannot be
// loaded (spec §8: logged, and start-up fails). Plain markup on purpose: the
// theme is part of what did not start.
export function StartupError() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '36rem', margin: '15vh auto', padding: '0 1.5rem' }}>
      <h1 style={{ fontSize: '1.5rem', marginBottom: '0.75rem' }}>The console could not start</h1>
      <p style={{ color: '#444', lineHeight: 1.5 }}>
        Its configuration could not be loaded. Please reload the page; if this keeps happening, contact your
        administrator.
      </p>
      <p style={{ marginTop: '1.5rem' }}>
        <a href={window.location.href}>Reload</a>
      </p>
    </main>
  );
}
