/**
 * The state a page starts from. VS Code keeps a panel's state when its page is replaced, and a
 * panel a new host took over (a preview showing the next subject: extension/webviews/definePanel.ts)
 * gets a page of its own, or its live page is told to start over (`renew`). The state names the
 * panel id it was kept for (`panelId`, the host's) and the page that kept it (`page`: the panel id
 * written into that page's HTML, which a renewed page keeps). A page starts without a state kept
 * for another host by another page; a page shown again (hide/show, a window reload, a renewed
 * page's) keeps its own.
 */
export interface PageStateIds {
  panelId?: string;
  page?: string;
}

export function startingState<S extends PageStateIds>(
  kept: S | undefined,
  pagePanelId: string | undefined,
): S | undefined {
  if (kept?.panelId === undefined) return kept;
  return kept.panelId === pagePanelId || kept.page === pagePanelId ? kept : undefined;
}
