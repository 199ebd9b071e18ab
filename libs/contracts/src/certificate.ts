/**
 * Certificates (在读证明; docs/product/workflows.md#certificates): a verification code of 12 characters of Crockford's base 32 (no I, L, O or U,
 * so it reads back without doubt), printed in groups of four. Anyone checks it at `/verify/{code}` without signing in.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;
export const VERIFY_PAGE = '/verify';

/** A code as typed (any case, with spaces or dashes, O for 0, I or L for 1) as stored, or null when it cannot be one. */
export function normalizeCertificateCode(input: string): string | null {
  if (input.length > 40) return null;
  const code = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const c of code) if (!CERTIFICATE_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** As printed and shown: `ABCD-EFGH-JKMN`. */
export function formatCertificateCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** Where a certificate is checked (the QR code's link): the SPA's public page. */
export function verifyPage(code: string): string {
  return `${VERIFY_PAGE}/${formatCertificateCode(code)}`;
}

/** `GET /server/anon/certificates/{code}`: whether the school issued it, and whom it names. */
export interface CertificateCheck {
  valid: boolean;
  flow?: string;
  studentName?: string;
  studentNo?: string;
  issuedAt?: string;
}
