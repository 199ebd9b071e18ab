import { useQuery } from '@tanstack/react-query';
import type { CertificateCheck } from '@schoolflow/contracts';
import { workflowApi } from '../../api/workflow-api.js';

/**
 * A certificate's check by its code (no sign-in), while a well-formed code is given. Its failure is shown on the page
 * itself (`silent`: no toast besides), and the answer is not kept: a revoked paper must not look valid from a cache.
 */
export function useCertificateCheck(code: string | null) {
  return useQuery<CertificateCheck>({
    queryKey: ['certificate-check', code],
    queryFn: ({ signal }) => workflowApi.verifyCertificate(code ?? '', signal),
    enabled: code !== null,
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });
}
