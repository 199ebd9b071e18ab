import { formatSchoolTime } from '@schoolflow/contracts';
import { useMemo } from 'react';
import { Button, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { textParam, useViewParam } from '../../router/use-view-param.js';
import type { ViewProps } from '../../router/view-props.js';
import { useDialogTarget, useDisclosure } from '../../util/use-disclosure.js';
import { useEvalRounds } from '../analysis/use-eval-rounds.js';
import { type EvaluationsKey, useFinalT } from '../final/use-final-t.js';
import { RoundForm } from './round-form.js';
import { TemplateForm } from './template-form.js';
import { useEvalSchoolYears } from './use-eval-school-years.js';
import { useEvalTemplate } from './use-eval-template.js';
import { useEvalTemplates } from './use-eval-templates.js';
import '../evaluations.css';

const day = (iso: string) => formatSchoolTime(Date.parse(iso)).slice(0, 16);

/** The form of a template being edited, once its tree is read (a new one: at once). */
function Editing({ id, schoolYearId, onDone }: { id: string | null; schoolYearId: string; onDone: () => void }) {
  const template = useEvalTemplate(id ?? '');
  if (id && template.isPending) return <PageLoader />;
  if (id && template.isError) return <Message negative content={errorMessage(template.error)} />;
  return <TemplateForm key={id ?? 'new'} template={id ? (template.data ?? null) : null} schoolYearId={schoolYearId} onDone={onDone} />;
}

/**
 * 评价设置 (/evaluation/pjsz): a school year (the current one first) → its templates (and their form) and the rounds
 * of its semesters (and the form of a new one).
 */
export default function SettingsView({ active }: ViewProps) {
  const { e } = useFinalT();
  const years = useEvalSchoolYears(active);
  // the school year chosen (`?year=`); none is the current one
  const [chosenYear, setChosenYear] = useViewParam('year', '', textParam);
  const year = years.data?.find((y) => y.id === chosenYear) ?? years.data?.find((y) => y.current) ?? years.data?.[0];
  const schoolYearId = year?.id ?? '';
  const templates = useEvalTemplates(schoolYearId, active);
  const rounds = useEvalRounds(active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<{ id: string | null }>();
  const creatingRound = useDisclosure();
  const yearRounds = useMemo(() => {
    const semesters = new Set(year?.semesters.map((s) => s.id));
    return (rounds.data ?? []).filter((r) => semesters.has(r.semesterId));
  }, [rounds.data, year]);
  if (years.isPending) return <PageLoader />;
  const templatesLoading = schoolYearId !== '' && templates.isPending;
  const chooseYear = (id: string) => {
    setChosenYear(id);
    closeEditor();
    creatingRound.close();
  };
  return (
    <div className="sf-page sf-eval" data-testid="eval-settings-page">
      <h2>{e('page.settings')}</h2>
      {years.isError ? <Message negative content={errorMessage(years.error)} /> : null}
      <div className="sf-eval-pickers ui form">
        <div className="field">
          <label htmlFor="eval-school-year">{e('settings.schoolYear')}</label>
          <select id="eval-school-year" className="ui dropdown" value={schoolYearId} onChange={(ev) => chooseYear(ev.target.value)} data-testid="eval-school-year">
            {(years.data ?? []).map((y) => (
              <option key={y.id} value={y.id}>
                {y.current ? e('settings.currentOption', { name: y.name }) : y.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {templates.isError ? <Message negative content={errorMessage(templates.error)} /> : null}
      {editing ? (
        <Segment>
          <Editing id={editing.id} schoolYearId={schoolYearId} onDone={closeEditor} />
        </Segment>
      ) : (
        <Segment>
          <h3>{e('settings.templates')}</h3>
          {schoolYearId ? <Button primary size="small" content={e('settings.newTemplate')} data-testid="eval-template-new" onClick={() => openEditor({ id: null })} /> : null}
          {templatesLoading ? <PageLoader /> : null}
          <Table compact celled data-testid="eval-templates">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{e('settings.name')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.schoolYear')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.precision')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.themeCount')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.contentCount')}</Table.HeaderCell>
                <Table.HeaderCell>{e('settings.roundCount')}</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(templates.data ?? []).map((t) => (
                <Table.Row key={t.id} data-testid="eval-template-row">
                  <Table.Cell>{t.name}</Table.Cell>
                  <Table.Cell>{t.schoolYearName}</Table.Cell>
                  <Table.Cell>{e(`precision.${t.precision}` as EvaluationsKey)}</Table.Cell>
                  <Table.Cell>{t.themes}</Table.Cell>
                  <Table.Cell>{t.contents}</Table.Cell>
                  <Table.Cell>{t.rounds}</Table.Cell>
                  <Table.Cell>
                    <Button size="small" basic content={e('settings.edit')} data-testid="eval-template-edit" onClick={() => openEditor({ id: t.id })} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </Segment>
      )}
      <Segment>
        <h3>{e('settings.rounds')}</h3>
        {rounds.isError ? <Message negative content={errorMessage(rounds.error)} /> : null}
        {year && creatingRound.opened ? (
          <Segment>
            <RoundForm key={year.id} year={year} templates={templates.data ?? []} onDone={creatingRound.close} />
          </Segment>
        ) : !year || templatesLoading ? null : (templates.data ?? []).length > 0 ? (
          <Button primary size="small" content={e('settings.newRound')} data-testid="eval-round-new" onClick={creatingRound.open} />
        ) : (
          <div className="sf-hint" data-testid="eval-round-needs-template">
            {e('settings.roundNeedsTemplate')}
          </div>
        )}
        <Table compact celled data-testid="eval-rounds">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{e('settings.name')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.template')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.semester')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.window')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.phase')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.classes')}</Table.HeaderCell>
              <Table.HeaderCell>{e('settings.students')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {yearRounds.map((r) => (
              <Table.Row key={r.id} data-testid="eval-round-row">
                <Table.Cell>{r.name}</Table.Cell>
                <Table.Cell>{r.templateName}</Table.Cell>
                <Table.Cell>{r.semesterName}</Table.Cell>
                <Table.Cell>
                  {day(r.start)} – {day(r.end)}
                </Table.Cell>
                <Table.Cell>{e(`phases.${r.phase}`)}</Table.Cell>
                <Table.Cell>{r.classes}</Table.Cell>
                <Table.Cell>{r.students}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </Segment>
    </div>
  );
}
