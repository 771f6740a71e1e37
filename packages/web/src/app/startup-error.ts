// Shown instead of a blank page when the start-up configuration cannot be
// loaded (spec §8: logged, and start-up fails). Plain DOM on purpose: neither
// the theme nor React is needed for it. Styles through the CSSOM, which the
// Content-Security-Policy allows (a style attribute it would refuse).
export function showStartupError(root: HTMLElement): void {
  const main = document.createElement('main');
  Object.assign(main.style, {
    fontFamily: 'system-ui, sans-serif',
    maxWidth: '36rem',
    margin: '15vh auto',
    padding: '0 1.5rem',
  });
  const heading = document.createElement('h1');
  Object.assign(heading.style, { fontSize: '1.5rem', marginBottom: '0.75rem' });
  heading.textContent = 'The console could not start';
  const text = document.createElement('p');
  Object.assign(text.style, { lineHeight: '1.5' });
  text.textContent =
    'Its configuration could not be loaded. Please reload the page; if this keeps happening, contact your administrator.';
  const reload = document.createElement('a');
  reload.href = window.location.href;
  reload.textContent = 'Reload';
  const line = document.createElement('p');
  Object.assign(line.style, { marginTop: '1.5rem' });
  line.append(reload);
  main.append(heading, text, line);
  root.replaceChildren(main);
}
