/**
 * The state a page starts from. VS Code keeps a panel's state when its page is replaced, and a
 * panel a new host took over (a preview showing the next subject: extension/webviews/definePanel.ts)
 * gets a page of its own: state that names another panel id than the page's is the last host's, and
 * the page starts without it. A page shown again (hide/show, a window reload) keeps its own.
 */
export function startingState<S extends { panelId?: string }>(
  kept: S | undefined,
  pagePanelId: string | undefined,
): S | undefined {
  return kept?.panelId !== undefined && kept.panelId !== pagePanelId ? undefined : kept;
}
