import type { RelationshipGroup } from '../../shared/catalogGraphModel';
import { getUiState, setUiState } from '../common/vscodeApi';

/** What the user set up in the view; kept across hide/show and window reloads. */
export interface GraphUiState {
  /** The node these settings belong to (another node's graph starts afresh). */
  certname: string | undefined;
  direction: 'LR' | 'TB';
  hiddenGroups: RelationshipGroup[];
  hiddenTypes: string[];
  collapsed: string[];
  selected: string | undefined;
  focus: boolean;
}

const initial = (certname: string | undefined): GraphUiState => ({
  certname,
  direction: 'LR',
  hiddenGroups: [],
  hiddenTypes: [],
  collapsed: [],
  selected: undefined,
  focus: false,
});

/** The state, read back from VS Code's webview state and written through on every change. */
export class GraphState {
  private state: GraphUiState = { ...initial(undefined), ...getUiState<GraphUiState>() };

  get value(): Readonly<GraphUiState> {
    return this.state;
  }

  /** Starts afresh when the catalog is another node's. */
  useFor(certname: string): void {
    if (this.state.certname !== certname) this.replace(initial(certname));
  }

  /** Forgets everything: the panel shows another subject (its page renewed). */
  reset(): void {
    this.replace(initial(undefined));
  }

  update(change: Partial<GraphUiState>): void {
    this.replace({ ...this.state, ...change });
  }

  toggle(key: 'hiddenGroups' | 'hiddenTypes' | 'collapsed', item: string, on: boolean): void {
    const rest = (this.state[key] as string[]).filter((value) => value !== item);
    this.update({ [key]: on ? [...rest, item] : rest });
  }

  private replace(state: GraphUiState): void {
    this.state = state;
    setUiState(state);
  }
}
