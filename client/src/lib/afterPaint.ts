/**
 * Work put off until the frame being prepared has been painted, so that what the user asked
 * for is on the screen first (issue 24: offline search ≤ 100 ms on a busy phone).
 */

/**
 * Calls `then` in a task after the next frame is painted (in a task of its own at once where
 * there are no frames, as in tests and workers).
 * @param then - the work put off
 * @returns a cancel: `then` is not called after it
 */
export function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
