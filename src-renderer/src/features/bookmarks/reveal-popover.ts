/**
 * Brings a just-opened popover form (the Bookmark form) fully into sight inside the panel that
 * scrolls it, then focuses its first field. Opened from a card low in the details panel, the form
 * hangs below the panel's visible part; opened from a button near a narrow panel's right edge, it
 * sticks out past that edge. Focusing the field alone scrolled only the field into view, so the
 * Save button could stay out of sight.
 */

/** Room kept between the form and the panel's edges, in px. */
const MARGIN = 6;

export function revealPopover(form: HTMLElement, first: HTMLElement | null): void {
  const scroller = scrollingAncestor(form);
  if (scroller) {
    // Sideways: shift the form left by what sticks out on the right (never past the left edge),
    // and no wider than the panel — a 280 px form in a panel of 280 px.
    const box = scroller.getBoundingClientRect();
    form.style.maxWidth = `${Math.max(0, scroller.clientWidth - 2 * MARGIN)}px`;
    const rect = form.getBoundingClientRect();
    const over = rect.right - (box.left + scroller.clientWidth - MARGIN);
    const room = rect.left - (box.left + MARGIN);
    const shift = Math.min(over, room);
    if (shift > 0) form.style.transform = `translateX(${-shift}px)`;
  }
  // Up and down: the least scroll that shows the whole form, as picked events scroll into view.
  form.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  // Focus without a second scroll (a focused field is otherwise centred by the browser).
  first?.focus({ preventScroll: true });
}

/** The nearest ancestor that scrolls (overflow auto or scroll), or null (the page itself). */
function scrollingAncestor(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (/(auto|scroll)/.test(style.overflowY + style.overflowX)) return p;
  }
  return null;
}
