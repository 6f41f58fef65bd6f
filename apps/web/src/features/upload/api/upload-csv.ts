// POST /api/admin/upload-csv (product-spec.md section 7): the multipart of csvFile, algorithmId
// and timeframe, with the bytes' progress and the retries of section 7. The answer tells what
// was stored, so the stored-data list is refreshed.
import { MARKETDATA_API, type Timeframe } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { collections } from '../../../lib/collections/collections';
import { uploadRequest, type UploadProgress } from '../../../lib/upload-request';
import { progressFigures, type ProgressSample } from '../upload-progress';
import { withRetries } from '../upload-retry';

export interface CsvUpload {
  file: File;
  algorithmId: string;
  timeframe: Timeframe;
}

export function uploadCsv(
  { file, algorithmId, timeframe }: CsvUpload,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) {
  const body = new FormData();
  // The fields before the file: a streaming parser on the server knows them when the file arrives.
  body.append('algorithmId', algorithmId);
  body.append('timeframe', timeframe);
  body.append('csvFile', file, file.name);
  return uploadRequest(MARKETDATA_API.upload, { body, ...options });
}

/** The upload with its progress figures, the attempt under way and a cancel. */
export function useUploadCsv() {
  const queryClient = useQueryClient();
  const [sample, setSample] = useState<ProgressSample>();
  const [attempt, setAttempt] = useState(1);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (upload: CsvUpload) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      return withRetries(
        (attemptNumber) => {
          // Each attempt sends the whole file again: its figures start over.
          const startedAt = performance.now();
          setAttempt(attemptNumber);
          setSample(undefined);
          return uploadCsv(upload, {
            signal: abort.signal,
            onProgress: ({ loaded, total }) => setSample({ loaded, total, startedAt, at: performance.now() }),
          });
        },
        { signal: abort.signal },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.marketdata.queryKey }),
  });

  // Leaving (the dialog closed) stops an upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  return {
    ...mutation,
    attempt,
    progress: progressFigures(sample, mutation.isSuccess),
    cancel: () => controller.current?.abort(),
  };
}
