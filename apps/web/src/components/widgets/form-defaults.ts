import { createElement, type CSSProperties, type ReactNode } from 'react';
import { PICKER_PAGE_SIZE, TABLE_PAGE_SIZES } from '@schoolflow/contracts';

/** Business constants of the shared widgets (docs/product/shell-and-sign-in.md#shared-widgets). */

export const FORM_LABEL_WIDTH = '100px';
export const FORM_LABEL_POSITION = 'right' as const;
export const FORM_LABEL_SUFFIX = ':';
export const FORM_COLUMN_PADDING = '10px';
/** Switch values: on and off. */
export const SWITCH_ON = '1';
export const SWITCH_OFF = '0';
/** Option fields of selects and checkbox groups: label `mc`, value `wid`. */
export const OPTION_LABEL_FIELD = 'mc';
export const OPTION_VALUE_FIELD = 'wid';

export const DEFAULT_TABLE_SIZE = 10;
export { TABLE_PAGE_SIZES, PICKER_PAGE_SIZE };
export const PICKER_PAGER_COUNT = 5;
export const PICKER_POPOVER_WIDTH = 300;
export const PICKER_TREE_HEIGHT = 300;
export const PICKER_CONTROL_HEIGHT = '40px';
/** maxCollapse default: collapsing off. */
export const PICKER_MAX_COLLAPSE = -1;
/** multipleLimit default: no limit. */
export const PICKER_MULTIPLE_LIMIT = 0;
export const AREA_DEFAULT_LEVELS = 1;

export const UPLOAD_DEFAULT_LIMIT = 1;
export const UPLOAD_DEFAULT_MAX_KB = 0;
export const UPLOAD_DEFAULT_TYPES = '.xlsx,.xls';

export const SIGNATURE_WIDTH = 800;
export const SIGNATURE_HEIGHT = 300;
export const SIGNATURE_LINE_WIDTH = 4;
export const SIGNATURE_TYPE = 'image/png';
export const SIGNATURE_QUALITY = 1;

interface FormRowProps {
  label: ReactNode;
  children: ReactNode;
  required?: boolean;
  labelWidth?: string;
  /** Label suffix; the colon by default. */
  suffix?: string;
  testId?: string;
  htmlFor?: string;
}

/** One labelled row with the defaults of docs/product/shell-and-sign-in.md#forms: 100px right-aligned label with a colon, 10px column padding. */
export function FormRow({ label, children, required = false, labelWidth = FORM_LABEL_WIDTH, suffix = FORM_LABEL_SUFFIX, testId, htmlFor }: FormRowProps) {
  const row: CSSProperties = { display: 'flex', alignItems: 'flex-start', padding: `0 ${FORM_COLUMN_PADDING}`, marginBottom: '14px' };
  const labelStyle: CSSProperties = { width: labelWidth, flex: `0 0 ${labelWidth}`, textAlign: FORM_LABEL_POSITION, paddingRight: '12px', lineHeight: '32px', fontWeight: 600 };
  return createElement(
    'div',
    { className: 'sf-form-row', style: row, 'data-testid': testId },
    createElement('label', { style: labelStyle, htmlFor }, required ? createElement('span', { className: 'sf-required' }, '* ') : null, label, suffix),
    createElement('div', { className: 'sf-form-row-content', style: { flex: '1 1 auto', minWidth: 0 } }, children),
  );
}
