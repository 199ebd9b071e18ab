/** Its own module: views import it, and the registry that lazy-loads them imports it too (no circle). */
/** Props every menu view receives from the shell. */
export interface ViewProps {
  /** Custom page parameter (remark.zdycs), when the menu is a custom page. */
  param?: string;
  /** False while the page is kept alive in a background tab. */
  active: boolean;
}
