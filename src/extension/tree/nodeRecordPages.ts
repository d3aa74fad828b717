import type { PuppetDB, RecordStream } from '../../client';
import { PagedSection, type SectionNames } from './nodeSection';
import type { Page } from './pagedList';
import type { TreeContext } from './treeContext';
import { pageAtMost } from '../truncationNotice';

/** What asks one page of a node's records: the node's query, and where the page starts. */
export interface NodePageRequest {
  query: ['=', 'certname', string];
  limit: number;
  offset: number;
  includeTotal: true;
  signal: AbortSignal;
}

/**
 * A section of a node listing one kind of its records a page at a time (Facts, Reports,
 * Packages): the query names the node, a page is `pageSize()` records with PuppetDB's total, and
 * a server that sends more than a page is cut at it with `pageName` in the message.
 */
export abstract class NodeRecordPages<T> extends PagedSection<T> {
  constructor(
    connectionId: string,
    certname: string,
    context: TreeContext,
    icon: string,
    /** its names, and what one page is called ("A page of facts") */
    private readonly sectionNames: SectionNames & { page: string },
  ) {
    super(connectionId, certname, context, sectionNames, icon);
  }

  /** How many records a page holds (a setting). */
  protected abstract pageSize(): number;

  /** The request for one page: the section's endpoint, order and fields, with `page` as it is. */
  protected abstract request(client: PuppetDB, page: NodePageRequest): RecordStream<T>;

  protected fetchPage(client: PuppetDB, offset: number, signal: AbortSignal): Promise<Page<T>> {
    const limit = this.pageSize();
    const query: NodePageRequest['query'] = ['=', 'certname', this.certname];
    const page = { query, limit, offset, includeTotal: true as const, signal };
    return pageAtMost(this.request(client, page), limit, this.sectionNames.page);
  }
}
