// Giving the browser its turn in long work: the next task (a message, which
// no timer clamp delays), or after the next paint (a task queued from an
// animation frame callback runs once that frame is painted; a hidden tab has
// no frames, so that promise resolves all the same after `atMostMs`).

/** Resolves in a task of its own, after what the browser has queued (input, rendering). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Resolves once the browser has had a chance to paint what was just rendered. */
export function afterNextPaint(atMostMs = 100): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const fallback = setTimeout(resolve, atMostMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
