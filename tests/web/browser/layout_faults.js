// Every pair of cards of different piles whose boxes overlap, everything cut off at the
// sides, and a page that scrolls sideways: what a layout must never show.
() => {
  const faults = [];
  const width = document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll("[data-pile] .card, [data-pile] .slot")].map((el) => ({
    pile: el.closest("[data-pile]").dataset.pile, r: el.getBoundingClientRect() }));
  for (const { pile, r } of boxes) {
    if (r.left < -1 || r.right > width + 1) faults.push(`${pile} is cut off`);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.pile === b.pile) continue;
    const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (dx > 1 && dy > 1) faults.push(`${a.pile} overlaps ${b.pile}`);
  }
  for (const el of document.querySelectorAll(".bar, .bar *")) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > width + 1)) faults.push(`${el.textContent} is cut off`);
  }
  if (document.documentElement.scrollWidth > width + 1) faults.push("the page scrolls sideways");
  return [...new Set(faults)];
}
