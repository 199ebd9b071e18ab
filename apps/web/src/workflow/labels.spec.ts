import { beforeAll, describe, expect, it } from '@jest/globals';
import { i18nReady, loadMessages } from '../i18n/i18n.js';
import { commandLabel, eventLabel, targetsLabel } from './labels.js';

beforeAll(async () => {
  await i18nReady;
  await loadMessages(['zh', 'en']);
});

describe("a flow's own words before the kit's shared ones", () => {
  it('the duty swap consents to a duty swap, the class swap to a class swap', () => {
    expect(eventLabel('CONSENT', 'zh', 'duty-swap')).toBe('同意调岗');
    expect(commandLabel('CONSENT', 'button', 'zh', 'duty-swap')).toBe('同意调岗');
    expect(commandLabel('CONSENT', 'title', 'en', 'duty-swap')).toBe('Consent to the duty swap (the school office then decides)');
    expect(eventLabel('CONSENT', 'zh', 'class-swap')).toBe('同意调课');
    expect(commandLabel('CONSENT', 'button', 'zh')).toBe('同意调课');
  });

  it('a flow without words of its own, or an unknown type, falls back as before', () => {
    expect(eventLabel('APPROVE', 'en', 'duty-swap')).toBe(eventLabel('APPROVE', 'en'));
    expect(eventLabel('NO_SUCH_EVENT', 'zh', 'duty-swap')).toBe('workflow.event.NO_SUCH_EVENT');
  });
});

describe('where an event sent the request', () => {
  it('a repair dispatched reads as dispatched to the worker, not as copied', () => {
    expect(targetsLabel('DISPATCH', '赵师傅', 'zh')).toBe('派单给：赵师傅');
    expect(targetsLabel('DISPATCH', 'Zhao', 'en')).toBe('Dispatched to: Zhao');
    expect(targetsLabel('TRANSFER', '李老师', 'zh')).toBe('转交给：李老师');
    expect(targetsLabel('CC', '王老师、李老师', 'zh')).toBe('抄送给：王老师、李老师');
  });
});
