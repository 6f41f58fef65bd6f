// The columns of the algorithms list (product-spec.md section 2): Nome, Descrizione, Min Capital, Actions.
import type { Algorithm } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { RowActions } from '../../../components/row-actions';
import { formatEuro } from '../../../lib/format';

const column = createColumnHelper<Algorithm>();

export const algorithmColumns = (onEdit: (algorithm: Algorithm) => void) => [
  column.accessor('name', { header: 'Nome' }),
  // On a phone the description goes into the row's details.
  column.accessor('description', { header: 'Descrizione', meta: { phone: 'details' } }),
  column.accessor('minCapital', { header: 'Min Capital', cell: ({ getValue }) => formatEuro(getValue()) }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: algorithm } }) => (
      <RowActions subject={algorithm.name} onEdit={() => onEdit(algorithm)} />
    ),
  }),
];
