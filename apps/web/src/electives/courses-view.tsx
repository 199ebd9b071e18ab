import { Link } from 'react-router-dom';
import { Button, Message, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { slotsText } from './slot-text.js';
import { useElectiveCourses } from './use-elective-courses.js';
import { useElectivesT } from './use-electives-t.js';
import { gradeLabel } from '../resources/grade-label.js';
import { listOf } from '../i18n/punctuation.js';

/** The flow kit's form of the declaration flow (its page stem: apply/{flow}/new). */
const DECLARE_ROUTE = '/apply/elective_course/new';

/** 选修课程 (/elective/xxkc): the passed courses of the current semester; a teacher declares a new one through the flow. */
export default function CoursesView(_props: ViewProps) {
  const { e } = useElectivesT();
  const courses = useElectiveCourses();
  const canDeclare = useAuthorized({ all: ['workflow:elective-course:apply'] });
  if (courses.isPending) return <PageLoader />;
  if (courses.isError) return <Message negative content={errorMessage(courses.error)} />;
  return (
    <div className="sf-page" data-testid="elective-courses">
      <h2>{e('page.courses')}</h2>
      <p className="sf-hint">{e('web.coursesHint')}</p>
      {canDeclare && (
        <Button as={Link} to={DECLARE_ROUTE} primary size="small" icon="add" content={e('web.declare')} data-testid="elective-declare" />
      )}
      <div className="sf-table-wrap">
        <Table compact celled unstackable className="sf-table">
          <Table.Header>
            <Table.Row>
              {(['name', 'teacher', 'grades', 'capacity', 'minSize', 'slots', 'room'] as const).map((c) => (
                <Table.HeaderCell key={c}>{e(`web.column.${c}`)}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {courses.data.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7}>{e('web.empty')}</Table.Cell>
              </Table.Row>
            )}
            {courses.data.map((c) => (
              <Table.Row key={c.id} data-testid={`elective-course-${c.name}`}>
                <Table.Cell title={c.description}>{c.name}</Table.Cell>
                <Table.Cell>{c.teacherName}</Table.Cell>
                <Table.Cell>{listOf(c.grades.map(gradeLabel))}</Table.Cell>
                <Table.Cell>{c.capacity}</Table.Cell>
                <Table.Cell>{c.minSize}</Table.Cell>
                <Table.Cell>{slotsText(c.slots)}</Table.Cell>
                <Table.Cell>{c.classroomName ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </div>
  );
}
