import { droppedPlaceholders, type UiStringOverride } from '@schoolflow/contracts';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import { UiStringsErrors } from '../ui-strings.errors.js';
import { shippedStrings } from './shipped-strings.js';

/**
 * Whether an override may be saved (docs/adr/0065-interface-languages.md#rules): its key is a shipped string of that
 * language and namespace, and it keeps every placeholder the shipped string has. The refusal, or null.
 */
export function overrideRefusal(o: UiStringOverride): AppException | null {
  const strings = shippedStrings(o.lang, o.namespace);
  if (!Object.hasOwn(strings, o.key)) return UiStringsErrors.unknownKey(o.namespace, o.key);
  const missing = droppedPlaceholders(strings[o.key] as string, o.value);
  return missing.length > 0 ? UiStringsErrors.placeholdersDropped(missing) : null;
}
