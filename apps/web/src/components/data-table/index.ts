export { DataTable, type Column, type DataTableProps } from './data-table';
export { PagedTable, type PagedTableProps } from './paged-table';
export { PAGE_SIZE, Pager, pageCount } from './pager';
export { POSITION_PARAMS, positionSearchParams, useCursorPageParam, usePageParam, type PageOnScreen, type PagePosition, type PageStep } from './use-page-param';
export { ListPage, type ListPageProps } from './list-page';
export { tableStateOf, type QueryLike } from './query-state';
