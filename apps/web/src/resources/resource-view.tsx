import type { ComponentType } from 'react';
import { RESOURCES } from '@schoolflow/contracts';
import type { ViewProps } from '../router/view-props.js';
import { type ResourceColumnsHook, useNoColumns } from './resource-columns.js';
import { ResourcePage, type ResourcePreset } from './resource-page.js';

const views = new Map<string, ComponentType<ViewProps>>();

/**
 * The menu view of one resource (`academic/{name}`), or of the admission page (the students resource). One component
 * per page, made once: a view stays mounted in its tab, and the address of another tab must not change what it shows.
 * `useColumns`: other features' columns on its list (a students list's health risk badge), fixed for the view's life.
 */
export function resourceView(name: string, admission = false, useColumns: ResourceColumnsHook = useNoColumns, usePreset?: () => ResourcePreset): ComponentType<ViewProps> {
  const key = `${admission ? 'admission' : name}${useColumns === useNoColumns ? '' : `:${useColumns.name}`}${usePreset ? `:${usePreset.name}` : ''}`;
  let view = views.get(key);
  if (!view) {
    const def = RESOURCES[name];
    const usePresetOrNone = usePreset ?? noPreset;
    view = function ResourceView({ active }: ViewProps) {
      const preset = usePresetOrNone();
      return def ? <ResourcePage def={def} admission={admission} active={active} useColumns={useColumns} preset={preset} /> : null;
    };
    views.set(key, view);
  }
  return view;
}

const noPreset = (): undefined => undefined;
