// Algorithms (admin, product-spec.md section 2): the list, and the algorithm form in its place
// when adding or editing. The form needs the instrument table for its defaults, so it waits for it.
import { ALGORITHM_MESSAGES, type Algorithm } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { collections } from '../../lib/collections/collections';
import { notify } from '../../lib/toast';
import { algorithmColumns } from './components/algorithm-columns';
import { AlgorithmFormPanel } from './components/algorithm-form';
import './algorithms.css';

const PAGE_SIZE = 15;

type Editing = { algorithm: Algorithm | undefined } | null;

export function AlgorithmsView() {
  const algorithms = useQuery(collections.algorithms);
  const instruments = useQuery(collections.instruments);
  const [editing, setEditing] = useState<Editing>(null);
  const columns = useMemo(() => algorithmColumns((algorithm) => setEditing({ algorithm })), []);

  useEffect(() => {
    if (algorithms.isError) notify.error(ALGORITHM_MESSAGES.loadError, 'algorithms-load');
  }, [algorithms.isError]);

  if (editing && !instruments.isPending) {
    return (
      <AlgorithmFormPanel
        algorithm={editing.algorithm}
        instruments={instruments.data ?? []}
        onClose={() => setEditing(null)}
      />
    );
  }
  if (algorithms.isPending || editing)
    return <div className="spinner algorithms-loading" role="status" aria-label="Caricamento algoritmi" />;

  return (
    <DataTable
      title="Algorithms"
      data={algorithms.data ?? []}
      columns={columns}
      getRowId={(algorithm) => algorithm._id}
      addLabel="Add Algorithm"
      onAdd={() => setEditing({ algorithm: undefined })}
      pageSize={PAGE_SIZE}
      pageSizeOptions={[PAGE_SIZE, 30, 50, 100]}
    />
  );
}
