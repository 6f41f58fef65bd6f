// The historical-data upload dialog (product-spec.md sections 2, 4, 5 and 9): a title by
// timeframe, the Timeframe badge, the file area, the algorithm (whose market the data is stored
// for), the real progress of the bytes sent with speed and time left, cancel, and the server's
// account of what it stored. It closes 2 s after a success, on the close button or a click on
// the backdrop; the page behind does not scroll meanwhile.
import { zodResolver } from '@hookform/resolvers/zod';
import { UPLOAD_MESSAGES, type Algorithm, type Timeframe } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import '../../../components/components.css';
import { Dialog } from '../../../components/dialog';
import { collections } from '../../../lib/collections/collections';
import { notify } from '../../../lib/toast';
import { useScrollLock } from '../../../lib/use-scroll-lock';
import { useUploadCsv } from '../api/upload-csv';
import {
  fileProblem,
  uploadErrorMessage,
  uploadFormSchema,
  uploadTexts,
  type UploadFormInput,
  type UploadFormValues,
} from '../upload-form';
import { formatRemaining, formatSpeed } from '../upload-progress';
import { UploadOutcome } from './upload-outcome';
import { FileDrop } from './file-drop';
import '../upload.css';
import { X } from 'lucide-react';

const CLOSE_AFTER_SUCCESS_MS = 2000;
const ATTEMPTS = 4;

interface UploadDialogProps {
  open: boolean;
  /** The card that opened it; without one the dialog is the generic 'Upload Dati' for 1m data. */
  type?: Timeframe | undefined;
  onClose: () => void;
}

export function UploadDialog({ open, type, onClose }: UploadDialogProps) {
  const titleId = useId();
  useScrollLock(open);
  return (
    <Dialog
      open={open}
      onCancel={onClose}
      onBackdropClick={onClose}
      labelledBy={titleId}
      className="dialog--upload"
    >
      {open && <UploadPanel type={type} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function UploadPanel({
  type,
  titleId,
  onClose,
}: {
  type: Timeframe | undefined;
  titleId: string;
  onClose: () => void;
}) {
  const texts = uploadTexts(type);
  const algorithms = useQuery(collections.algorithms);
  return (
    <div className="upload">
      <header className="upload__header">
        <div>
          <h2 id={titleId} className="dialog__title upload__title">
            {texts.title}
          </h2>
          {texts.subtitle && <p className="muted-note upload__subtitle">{texts.subtitle}</p>}
          <span className="upload__badge">Timeframe: {type ?? '1m'}</span>
        </div>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Chiudi">
          <X size={20} aria-hidden="true" />
        </button>
      </header>
      {algorithms.isPending ? (
        <div className="spinner upload__loading" role="status" aria-label="Caricamento algoritmi" />
      ) : (
        <UploadForm
          timeframe={type ?? '1m'}
          submitLabel={texts.submit}
          algorithms={algorithms.data ?? []}
          onClose={onClose}
        />
      )}
    </div>
  );
}

interface UploadFormProps {
  timeframe: Timeframe;
  submitLabel: string;
  algorithms: readonly Algorithm[];
  onClose: () => void;
}

function UploadForm({ timeframe, submitLabel, algorithms, onClose }: UploadFormProps) {
  const upload = useUploadCsv();
  const closeTimer = useRef<number | undefined>(undefined);
  const messageId = useId();
  const algorithmFieldId = useId();
  const { register, handleSubmit, setValue, setError, clearErrors, control, formState } = useForm<
    UploadFormValues,
    unknown,
    UploadFormInput
  >({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { file: null, algorithmId: '' },
  });
  const [file, algorithmId] = useWatch({ control, name: ['file', 'algorithmId'] });
  const market = algorithms.find((algorithm) => algorithm._id === algorithmId)?.market;
  const uploading = upload.isPending;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const choose = (chosen: File) => {
    upload.reset();
    const problem = fileProblem(chosen);
    if (problem) {
      setValue('file', null);
      setError('file', { message: problem });
      return;
    }
    clearErrors('file');
    setValue('file', chosen);
  };

  const submit = ({ file: chosen, algorithmId: chosenAlgorithm }: UploadFormInput) =>
    upload.mutate(
      { file: chosen, algorithmId: chosenAlgorithm, timeframe },
      {
        onSuccess: () => {
          notify.success(UPLOAD_MESSAGES.success);
          closeTimer.current = window.setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
        },
        onError: (error) => notify.error(uploadErrorMessage(error)),
      },
    );

  const message =
    formState.errors.file?.message ?? (upload.isError ? uploadErrorMessage(upload.error) : undefined);
  const { percent, speed, remaining } = upload.progress;

  return (
    <form className="upload__form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <FileDrop
        file={file}
        onChoose={choose}
        onRemove={() => {
          upload.reset();
          setValue('file', null);
        }}
        disabled={uploading || upload.isSuccess}
        describedBy={message ? messageId : undefined}
      />

      <div className="form-field">
        <label htmlFor={algorithmFieldId} className="form-field__label">
          Algoritmo
        </label>
        <select
          {...register('algorithmId')}
          id={algorithmFieldId}
          className="input"
          disabled={uploading || upload.isSuccess}
        >
          <option value="">Seleziona un algoritmo</option>
          {algorithms.map((algorithm) => (
            <option key={algorithm._id} value={algorithm._id}>
              {algorithm.name} ({algorithm.market})
            </option>
          ))}
        </select>
        <p className="form-field__hint">
          {market
            ? `I dati vengono salvati per il mercato dell’algoritmo: ${market}.`
            : 'I dati vengono salvati per il mercato dell’algoritmo scelto.'}
        </p>
      </div>

      {(uploading || upload.isSuccess) && (
        <div className="upload-progress">
          <div className="upload-progress__row">
            <progress
              className="upload-progress__bar"
              max={100}
              value={percent}
              aria-label="Avanzamento upload"
            />
            <span className="upload-progress__percent">{percent}%</span>
          </div>
          {uploading && (
            <p className="upload-progress__figures">
              {formatSpeed(speed)} · {formatRemaining(remaining)} rimanenti
              {upload.attempt > 1 && ` · tentativo ${upload.attempt} di ${ATTEMPTS}`}
            </p>
          )}
        </div>
      )}

      {message && (
        <p id={messageId} className="upload__message" role="alert">
          {message}
        </p>
      )}
      {upload.isSuccess && <UploadOutcome result={upload.data} />}

      <div className="dialog__actions">
        {uploading && (
          <button type="button" className="button button--ghost" onClick={upload.cancel}>
            Annulla upload
          </button>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={uploading || upload.isSuccess}
          aria-busy={uploading}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
