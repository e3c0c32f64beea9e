// The toolbar's <details> menus (Share, Preferences, Help) behave as menus: one open at a time,
// closed by Escape (focus back on its summary) or by a click or tap outside it.
export function bindMenus(menus: HTMLDetailsElement[]): void {
  for (const m of menus) {
    m.addEventListener('toggle', () => {
      if (m.open) for (const other of menus) if (other !== m) other.open = false;
    });
  }
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const open = menus.find((m) => m.open);
    if (!open) return;
    open.open = false;
    open.querySelector('summary')?.focus();
  });
  document.addEventListener('pointerdown', (e) => {
    for (const m of menus) if (m.open && !m.contains(e.target as Node)) m.open = false;
  });
}
