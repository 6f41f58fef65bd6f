// A finished backtest's result rows as a CSV file (issue 36): every row, not only those within
// the risk score the results screen shows.
import { STATEMENTS_API, urlOf } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-request';

export const exportBacktestResults = (backtestId: string) =>
  downloadFile(urlOf(STATEMENTS_API.resultsCsv, { id: backtestId }), 'risultati-backtest.csv');

export const useExportBacktestResults = () => useMutation({ mutationFn: exportBacktestResults });
