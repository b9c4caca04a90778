// Plays one move in notation with clicks dispatched inside the page, on the same elements a
// person clicks (a card then its place, the cards of a discard, or an action's button), and
// waits for the server's answer: null when a new state came, else the refusal's words.
async (move) => {
  const app = document.getElementById("app");
  const seen = Number(app.dataset.stateSeq || 0);
  const click = (selector) => {
    const found = document.querySelectorAll(selector);
    if (!found.length) throw new Error(`nothing to click for ${move}: ${selector}`);
    found[found.length - 1].click();
  };
  const words = move.split(" ");
  if (["discard", "swap", "throw"].includes(words[0])) {
    for (const card of words.slice(1)) click(`[data-pile="row"] [data-card="${card}"]`);
    if (document.querySelector(`.choice[data-move="${move}"]`)) click(`.choice[data-move="${move}"]`);
  } else if (move.includes(">")) {
    const [source, target] = move.split(">");
    click(`[data-pile="${source}"] [data-card]`);
    click(`[data-pile="${target}"]`);
  } else {
    click(`.actions [data-move="${move}"]`);
  }
  await new Promise((resolve) => {
    const answered = () => Number(app.dataset.stateSeq || 0) > seen || document.querySelector(".message.refused");
    const wait = () => (answered() ? resolve() : requestAnimationFrame(wait));
    wait();
  });
  return document.querySelector(".message.refused")?.textContent ?? null;
}
