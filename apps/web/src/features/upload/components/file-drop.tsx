// The file area of the upload (product-spec.md section 2): drop a file on it or click to choose
// one; the chosen file shows as a chip with a remove button. The input stays in the page
// (visually hidden) so the keyboard and screen readers reach it.
import { File, Upload, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { formatBytes } from '../upload-progress';

interface FileDropProps {
  file: File | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  disabled: boolean;
  describedBy?: string | undefined;
}

export function FileDrop({ file, onChoose, onRemove, disabled, describedBy }: FileDropProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };

  if (file) {
    return (
      <div className="upload-chip">
        <File size={20} aria-hidden="true" />
        <span className="upload-chip__name">{file.name}</span>
        <span className="upload-chip__size">{formatBytes(file.size)}</span>
        <button
          type="button"
          className="upload-chip__remove"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Rimuovi ${file.name}`}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <div
      className={dragging ? 'upload-drop upload-drop--over' : 'upload-drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so that choosing the same file again after removing it is seen.
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
      <label htmlFor={inputId} className="upload-drop__label">
        <Upload size={32} strokeWidth={1.8} aria-hidden="true" />
        <span className="upload-drop__title">Trascina qui il file CSV o fai clic per sceglierlo</span>
        <span className="upload-drop__hint">Solo file .csv, massimo 600 MB</span>
      </label>
    </div>
  );
}
