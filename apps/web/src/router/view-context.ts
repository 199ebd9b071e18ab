import { createContext, useContext } from 'react';

/**
 * Which page a component belongs to. Every open tab's page stays mounted while another is shown (layout/app-main.tsx),
 * so a page cannot read "the" address: the browser's is the active tab's. The shell's view host provides each page
 * its own path; view state kept in the address is read from that page's tab (router/use-view-param.ts).
 */
export interface ViewPlace {
  path: string;
  active: boolean;
}

export const ViewContext = createContext<ViewPlace | null>(null);

export function useViewPlace(): ViewPlace | null {
  return useContext(ViewContext);
}
