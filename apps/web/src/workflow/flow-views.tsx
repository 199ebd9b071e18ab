import { flowOfSlug } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { useLocation } from 'react-router-dom';
import type { ViewProps } from '../router/view-props.js';
import { declaredFields } from './declared-fields.js';
import { FlowDetail, type FieldsSection } from './flow-detail.js';
import { extrasOf } from './flow-extras.js';
import { FlowForm } from './flow-form.js';

/** The flow a kit page is for: `/apply/{slug}/new|detail`. */
function useFlow() {
  const { pathname } = useLocation();
  return flowOf(flowOfSlug(pathname.split('/')[2] ?? ''));
}

/** apply/{flow}/new of a flow without a form of its own. */
export function FlowNewView(_props: ViewProps) {
  const def = useFlow();
  return def ? <FlowForm key={def.flow} def={def} /> : null;
}

const sections = new Map<string, FieldsSection>();

/** The declared fields, then what the flow adds to its detail page (flow-extras), in the same list. */
function withExtra(Declared: FieldsSection, Extra: FieldsSection | undefined): FieldsSection {
  if (!Extra) return Declared;
  return function FieldsWithExtra(props) {
    return (
      <>
        <Declared {...props} />
        <Extra {...props} />
      </>
    );
  };
}

/** apply/{flow}/detail of a flow without a detail section of its own. */
export function FlowDetailView({ active }: ViewProps) {
  const def = useFlow();
  if (!def) return null;
  let Fields = sections.get(def.flow);
  if (!Fields) {
    Fields = withExtra(declaredFields(def.flow, def.form.fields), extrasOf(def.flow).Detail);
    sections.set(def.flow, Fields);
  }
  return <FlowDetail key={def.flow} def={def} active={active} Fields={Fields} />;
}
