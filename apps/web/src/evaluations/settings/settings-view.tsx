import { formatSchoolTime } from '@schoolflow/contracts';
import { useState } from 'react';
import { Button, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import type { ViewProps } from '../../router/view-props.js';
import { useEvalRounds } from '../analysis/use-eval-rounds.js';
import { type EvaluationsKey, useFinalT } from '../final/use-final-t.js';
import { TemplateForm } from './template-form.js';
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

/** 评价设置 (/evaluation/pjsz): the templates (and their form) and the rounds. */
export default function SettingsView({ active }: ViewProps) {
  const { e } = useFinalT();
  const templates = useEvalTemplates(active);
  const rounds = useEvalRounds(active);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  if (templates.isPending) return <PageLoader />;
  const schoolYearId = templates.data?.[0]?.schoolYearId ?? '';
  return (
    <div className="sf-page sf-eval" data-testid="eval-settings-page">
      <h2>{e('page.settings')}</h2>
      {templates.isError ? <Message negative content={errorMessage(templates.error)} /> : null}
      {editing ? (
        <Segment>
          <Editing id={editing.id} schoolYearId={schoolYearId} onDone={() => setEditing(null)} />
        </Segment>
      ) : (
        <Segment>
          <h3>{e('settings.templates')}</h3>
          {schoolYearId ? <Button primary size="small" content={e('settings.newTemplate')} data-testid="eval-template-new" onClick={() => setEditing({ id: null })} /> : null}
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
                    <Button size="small" basic content={e('settings.edit')} data-testid="eval-template-edit" onClick={() => setEditing({ id: t.id })} />
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
            {(rounds.data ?? []).map((r) => (
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
