/** Reloads the page (admin §4 Profile save); a module of its own so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
