// The generic list of the dashboard (product-spec.md sections 2, 4 and 9): a title, an optional
// add button, paging with a rows-per-page choice and a counter, an empty state, coloured status
// cells, tooltips on long text, and virtual scrolling for long pages. It pages the rows it is
// given, or, given rowCount, shows data as the current page of a list the server pages and tells
// the view which page to fetch.
//
// On a phone (section 9's 480 px) a column whose meta says phone: 'details' leaves the row: a
// button at the row's start opens, under it, the row's details with those columns as label and
// value. Each view marks its secondary columns, so the columns that matter stay and nothing is
// lost; the table then fits the width instead of scrolling sideways.
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type Row,
  type Cell,
  type Column,
  type RowData,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronRight } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { PHONE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { pageStrip, rangeLabel } from './page-strip';
import { isStatusColumn, statusTone } from './status-tone';
import './data-table.css';

const TOOLTIP_MIN_LENGTH = 30;
const ESTIMATED_ROW_HEIGHT = 48;

declare module '@tanstack/react-table' {
  // The names are TanStack's; the declaration must repeat them to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** On a phone the column moves into the row's details, opened by the row's button. */
    phone?: 'details';
  }
}

export interface DataTableProps<T> {
  title: ReactNode;
  data: readonly T[];
  // Column value types differ per column; TanStack's own examples type the list this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  addLabel?: string;
  onAdd?: () => void;
  /** Rows per page at first (default 20). */
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  /** Height of the scroll area (default 80vh). */
  height?: string;
  /** Virtual scrolling when the table holds more rows than this. */
  virtualizeAbove?: number;
  /** Cells never grow wider than this (default 300px). */
  maxCellWidth?: number;
  onRowClick?: (row: T) => void;
  /** Extra controls beside the title. */
  actions?: ReactNode;
  /** A class of the view's own beside data-table, for what its table alone needs. */
  className?: string;
  /**
   * Paged on the server: the whole list's length, data being the current page alone. The view
   * fetches the page that onPaginationChange names.
   */
  rowCount?: number;
  /** Called with the new page (from 0) and rows per page whenever either changes. */
  onPaginationChange?: (pagination: PaginationState) => void;
}

export function DataTable<T>({
  title,
  data,
  columns,
  getRowId,
  addLabel,
  onAdd,
  pageSize: initialPageSize = 20,
  pageSizeOptions = [10, 20, 50, 100],
  height = '80vh',
  virtualizeAbove,
  maxCellWidth = 300,
  onRowClick,
  actions,
  className,
  rowCount,
  onPaginationChange,
}: DataTableProps<T>) {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const scrollRef = useRef<HTMLDivElement>(null);
  const serverPaged = rowCount !== undefined;
  const total = rowCount ?? data.length;
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  const detailsId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // On a phone, the columns that go into the rows' details are left out of the table.
  const inDetails = (column: Column<T>) => phone && column.columnDef.meta?.phone === 'details';
  const toggleRow = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Every change of page goes through here, so a server-paged view always hears of it.
  const changePagination = (updater: Updater<PaginationState>) => {
    const next = typeof updater === 'function' ? updater(pagination) : updater;
    setPagination(next);
    onPaginationChange?.(next);
  };

  // TanStack Table hands out functions the React Compiler cannot memoize; it skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data as T[],
    columns,
    getRowId: (row) => getRowId(row),
    state: { pagination },
    onPaginationChange: changePagination,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualPagination: serverPaged,
    rowCount,
    autoResetPageIndex: false,
  });

  const pageCount = Math.max(1, table.getPageCount());
  const page = Math.min(pagination.pageIndex + 1, pageCount);
  // A shrinking list (a deletion) must not leave the view on a page that no longer exists.
  const showPage = useEffectEvent((pageIndex: number) =>
    changePagination((state) => ({ ...state, pageIndex })),
  );
  useEffect(() => {
    if (pagination.pageIndex > pageCount - 1) showPage(pageCount - 1);
  }, [pageCount, pagination.pageIndex]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [pagination.pageIndex, pagination.pageSize]);

  const rows = table.getRowModel().rows;
  // The whole list's length decides, as in the spec's 'more than 20 logs', not the page's.
  const virtual = virtualizeAbove !== undefined && total > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const visibleRows: { row: Row<T>; index: number }[] = virtual
    ? virtualItems.flatMap((item) => {
        const row = rows[item.index];
        return row ? [{ row, index: item.index }] : [];
      })
    : rows.map((row, index) => ({ row, index }));
  const paddingTop = virtual ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = virtual ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;
  const leafColumns = table.getVisibleLeafColumns();
  const withDetails = leafColumns.some(inDetails);
  const columnCount = leafColumns.filter((column) => !inDetails(column)).length + (withDetails ? 1 : 0);

  const renderCell = (cell: Cell<T, unknown>, truncate: boolean) => {
    const value = cell.getValue();
    const rendered = flexRender(cell.column.columnDef.cell, cell.getContext());
    const longText =
      truncate && typeof value === 'string' && value.length > TOOLTIP_MIN_LENGTH ? value : undefined;
    return longText ? (
      <span className="data-table__truncate" title={longText}>
        {rendered}
      </span>
    ) : (
      rendered
    );
  };
  const toneClass = (cell: Cell<T, unknown>) => {
    const tone = isStatusColumn(cell.column.id) ? statusTone(cell.getValue()) : undefined;
    return tone ? `data-table__cell--${tone}` : undefined;
  };

  return (
    <section
      className={className ? `data-table ${className}` : 'data-table'}
      aria-label={typeof title === 'string' ? title : undefined}
    >
      <header className="data-table__header">
        <h2 className="data-table__title">{title}</h2>
        <div className="data-table__header-actions">
          {actions}
          {onAdd && addLabel && (
            <button type="button" className="button button--primary" onClick={onAdd}>
              {addLabel}
            </button>
          )}
        </div>
      </header>

      <div ref={scrollRef} className="data-table__scroll" style={{ maxHeight: height }}>
        <table className="data-table__table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {/* Above the rows' details buttons, which name themselves. */}
                {withDetails && <td className="data-table__expand-cell" />}
                {group.headers
                  .filter((header) => !inDetails(header.column))
                  .map((header) => (
                    <th key={header.id} scope="col" style={{ maxWidth: maxCellWidth }}>
                      {header.isPlaceholder
                        ? null
                        : flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
              </tr>
            ))}
          </thead>
          {(rows.length === 0 || paddingTop > 0) && (
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={columnCount} className="data-table__empty">
                    Nessun dato disponibile al momento
                  </td>
                </tr>
              )}
              {paddingTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
                </tr>
              )}
            </tbody>
          )}
          {/* A body per row: the row and its details are measured together when scrolling is virtual. */}
          {visibleRows.map(({ row, index }) => {
            const open = withDetails && expanded.has(row.id);
            const rowDetailsId = `${detailsId}-${index}`;
            const cells = row.getVisibleCells();
            const first = cells.find((cell) => !inDetails(cell.column))?.getValue();
            const subject =
              typeof first === 'string' || typeof first === 'number' ? ` di ${first}` : ' della riga';
            return (
              <tbody key={row.id} data-index={index} ref={virtual ? virtualizer.measureElement : undefined}>
                <tr
                  className={onRowClick ? 'data-table__row data-table__row--clickable' : 'data-table__row'}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                >
                  {withDetails && (
                    <td className="data-table__expand-cell">
                      <button
                        type="button"
                        className="data-table__expand"
                        aria-expanded={open}
                        aria-controls={open ? rowDetailsId : undefined}
                        aria-label={`Altri dati${subject}`}
                        onClick={(event) => {
                          // The row's own click (e.g. the process logs) is not this one.
                          event.stopPropagation();
                          toggleRow(row.id);
                        }}
                      >
                        <ChevronRight size={18} aria-hidden="true" />
                      </button>
                    </td>
                  )}
                  {cells
                    .filter((cell) => !inDetails(cell.column))
                    .map((cell) => (
                      <td key={cell.id} style={{ maxWidth: maxCellWidth }} className={toneClass(cell)}>
                        {renderCell(cell, true)}
                      </td>
                    ))}
                </tr>
                {open && (
                  <tr id={rowDetailsId} className="data-table__details-row">
                    <td colSpan={columnCount}>
                      <dl className="data-table__details">
                        {cells
                          .filter((cell) => inDetails(cell.column))
                          .map((cell) => {
                            const header = cell.column.columnDef.header;
                            return (
                              <div key={cell.id} className="data-table__detail">
                                <dt>{typeof header === 'string' ? header : cell.column.id}</dt>
                                <dd className={toneClass(cell)}>{renderCell(cell, false)}</dd>
                              </div>
                            );
                          })}
                      </dl>
                    </td>
                  </tr>
                )}
              </tbody>
            );
          })}
          {paddingBottom > 0 && (
            <tbody>
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
              </tr>
            </tbody>
          )}
        </table>
      </div>

      <footer className="data-table__footer">
        <label className="data-table__page-size">
          Righe:
          <select
            value={pagination.pageSize}
            onChange={(event) => changePagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
          >
            {pageSizeOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <span className="data-table__range">{rangeLabel(page, pagination.pageSize, total)}</span>
        <nav className="data-table__pages" aria-label="Pagine">
          <button
            type="button"
            className="data-table__page"
            aria-label="Pagina precedente"
            disabled={page <= 1}
            onClick={() => table.setPageIndex(page - 2)}
          >
            ‹
          </button>
          {pageStrip(page, pageCount).map((item) =>
            typeof item === 'number' ? (
              <button
                key={item}
                type="button"
                className="data-table__page"
                aria-current={item === page ? 'page' : undefined}
                onClick={() => table.setPageIndex(item - 1)}
              >
                {item}
              </button>
            ) : (
              <span key={item} className="data-table__ellipsis" aria-hidden="true">
                …
              </span>
            ),
          )}
          <button
            type="button"
            className="data-table__page"
            aria-label="Pagina successiva"
            disabled={page >= pageCount}
            onClick={() => table.setPageIndex(page)}
          >
            ›
          </button>
        </nav>
      </footer>
    </section>
  );
}
