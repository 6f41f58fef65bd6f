// An investment's closed cycles as a CSV file (issue 36): downloaded with the session's bearer
// and saved under the server's file name.
import { STATEMENTS_API, urlOf } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-request';

export const exportInvestmentTransactions = (investmentId: string) =>
  downloadFile(urlOf(STATEMENTS_API.transactionsCsv, { id: investmentId }), 'transazioni.csv');

export const useExportInvestmentTransactions = () =>
  useMutation({ mutationFn: exportInvestmentTransactions });
