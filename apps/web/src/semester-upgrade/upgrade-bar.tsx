import { Progress } from 'semantic-ui-react';
import 'semantic-ui-css/components/progress.min.css';
import { useT } from '../i18n/use-t.js';
import { jobPercent } from '../jobs/job-progress.js';
import './semester-upgrade.css';

/** The live bar of a run: classes done of all, then its end. */
export function UpgradeBar({ progress, to }: { progress: { state: string; done: number; total: number }; to: string }) {
  const { t } = useT();
  const completed = progress.state === 'completed';
  return (
    <div className="sf-upgrade-bar" data-testid="upgrade-progress" data-state={progress.state} data-done={progress.done} data-total={progress.total}>
      <div className="sf-upgrade-bar-head">{completed ? t('semesterUpgrade.completed', { to }) : t('semesterUpgrade.running')}</div>
      <Progress percent={completed ? 100 : jobPercent(progress)} color={completed ? 'green' : 'blue'} active={!completed} size="small">
        {t('semesterUpgrade.progress', { done: progress.done, total: progress.total })}
      </Progress>
    </div>
  );
}
