/** Spec part 2: scrolling to a hash keeps an 80 px offset (the sticky header). */
export const HASH_SCROLL_OFFSET_PX = 80;

/** Document scroll position that puts an element 80 px below the top of the viewport. */
export function hashScrollTop(
  elementViewportTop: number,
  scrollY: number,
  offset = HASH_SCROLL_OFFSET_PX,
): number {
  return Math.max(0, elementViewportTop + scrollY - offset);
}

/** Smooth scroll to the element named by the hash (retrying while a lazy screen renders), else to the top. */
export function scrollForLocation(hash: string, pathChanged: boolean): () => void {
  let frame = 0;
  let tries = 0;
  const id = hash ? decodeURIComponent(hash.slice(1)) : '';
  const step = () => {
    if (id) {
      const element = document.getElementById(id);
      if (element) {
        window.scrollTo({
          top: hashScrollTop(element.getBoundingClientRect().top, window.scrollY),
          behavior: 'smooth',
        });
        return;
      }
      if (tries++ < 30) frame = requestAnimationFrame(step);
      return;
    }
    if (pathChanged) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  step();
  return () => cancelAnimationFrame(frame);
}
