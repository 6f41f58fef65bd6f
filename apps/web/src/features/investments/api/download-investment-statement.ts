// An investment's monthly statement as a PDF (issue 36), for a month given as YYYY-MM.
import { STATEMENTS_API, urlOf } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-request';

export const downloadInvestmentStatement = ({
  investmentId,
  month,
}: {
  investmentId: string;
  month: string;
}) =>
  downloadFile(
    urlOf(STATEMENTS_API.statementPdf, { id: investmentId }, { month }),
    `estratto-conto-${month}.pdf`,
  );

export const useDownloadInvestmentStatement = () => useMutation({ mutationFn: downloadInvestmentStatement });
