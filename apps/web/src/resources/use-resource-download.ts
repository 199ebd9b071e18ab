import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../api/http.js';
import { translate } from '../i18n/use-t.js';
import { resourceClient } from './resource-client.js';

/** The import template and the export of the filtered list, saved under the resource's title. */
export function useResourceDownload(name: string, title: string) {
  const template = useMutation({
    mutationFn: () => resourceClient.template(name),
    onSuccess: (blob) => saveBlob(blob, translate('resourceKit.templateFile', { title })),
    onError: (err) => reportError(err),
  });
  const exportList = useMutation({
    mutationFn: (query: Record<string, string | number>) => resourceClient.exportFile(name, query),
    onSuccess: (blob) => saveBlob(blob, translate('resourceKit.exportFile', { title })),
    onError: (err) => reportError(err),
  });
  return { template, exportList };
}
