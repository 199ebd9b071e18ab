import { describe, expect, it } from '@jest/globals';
import { readLogoutRequest, readServiceResponse } from './cas-xml.js';

// The shapes of the CAS 3 protocol specification (§2.5.2 /p3/serviceValidate answers, §2.3.3 the SAML LogoutRequest).

describe('readServiceResponse', () => {
  it('reads the user and every attribute, a repeated one as a list, text kept as text', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
        <cas:authenticationSuccess>
          <cas:user>teacher</cas:user>
          <cas:attributes>
            <cas:employeeNumber>007</cas:employeeNumber>
            <cas:cn>陈老师</cas:cn>
            <cas:memberOf>staff</cas:memberOf>
            <cas:memberOf>maths</cas:memberOf>
            <cas:isFromNewLogin>true</cas:isFromNewLogin>
          </cas:attributes>
        </cas:authenticationSuccess>
      </cas:serviceResponse>`;
    expect(readServiceResponse(xml)).toEqual({
      ok: true,
      user: 'teacher',
      attributes: { employeeNumber: ['007'], cn: ['陈老师'], memberOf: ['staff', 'maths'], isFromNewLogin: ['true'] },
    });
  });

  it('reads a success without attributes, and decodes XML entities in values', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>a&amp;b</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(readServiceResponse(xml)).toEqual({ ok: true, user: 'a&b', attributes: {} });
  });

  it('reads a failure with its code and description', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
        <cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized</cas:authenticationFailure>
      </cas:serviceResponse>`;
    expect(readServiceResponse(xml)).toEqual({ ok: false, code: 'INVALID_TICKET', description: 'Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized' });
  });

  it('takes anything else for a failure: no user, not CAS, not XML, a DOCTYPE (no entity of the sender is expanded)', () => {
    const empty = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(readServiceResponse(empty)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(readServiceResponse('<html><body>Sign in</body></html>')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(readServiceResponse('not xml at all <<<')).toMatchObject({ ok: false });
    const entity = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(readServiceResponse(entity)).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
  });
});

describe('readLogoutRequest', () => {
  it('reads the service ticket of a single logout', () => {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"
        ID="LR-1-abc" Version="2.0" IssueInstant="2026-03-01T08:00:00Z">
        <saml:NameID>@NOT_USED@</saml:NameID>
        <samlp:SessionIndex>ST-42-xyz-cas</samlp:SessionIndex>
      </samlp:LogoutRequest>`;
    expect(readLogoutRequest(xml)).toBe('ST-42-xyz-cas');
  });

  it('answers null for anything that is not one', () => {
    expect(readLogoutRequest('<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>')).toBeNull();
    expect(readLogoutRequest('<x>ST-1</x>')).toBeNull();
    expect(readLogoutRequest('<!DOCTYPE x><samlp:LogoutRequest><samlp:SessionIndex>ST-1</samlp:SessionIndex></samlp:LogoutRequest>')).toBeNull();
  });
});
