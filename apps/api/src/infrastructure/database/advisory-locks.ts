/**
 * The project's PostgreSQL advisory locks, every one named here (numbered 727001…). Two kinds, whose key spaces
 * PostgreSQL keeps apart: a lock of one 64-bit key (`pg_advisory_xact_lock(key)`) guards one thing of the whole
 * database; a lock of two 32-bit keys (`pg_advisory_xact_lock(space, hashtext(id))`) guards one thing of a kind, the
 * first key the kind's space, the second the thing's id hashed. All are distinct anyway (advisory-locks.spec.ts), so
 * a number read in `pg_locks` names one lock.
 */

/** One-key locks: one thing of the whole database each. */
export const AdvisoryLock = {
  /** The demo school's seed: two instances starting together seed once (transaction lock; seed/demo-school.seed.ts). */
  demoSchoolSeed: 727001,
  /** A flow's first registration (its menu entries and grants), once across instances (workflow/domain/flow-registrar.ts). */
  flowRegistration: 727002,
  /** A resource's first registration, as flows are (resources/resource-registrar.ts). */
  resourceRegistration: 727003,
  /**
   * The demo's grade entry, held on a session for the whole run: one instance seeds, the others go on serving
   * (grades/seed/grades-demo.seed.ts). It shared 727002 with the flows' registration until this module, so an instance
   * starting while another seeded grades waited for the whole seed.
   */
  gradesDemoSeed: 727004,
  /**
   * Exam-type weights at most 100 in all: every write to `grade_exam_node` takes it in its trigger, so two saves cannot
   * each miss the other's row. Stated literally in migrations/1732000024000-grades.ts (a migration never changes; the
   * spec checks the two agree).
   */
  examWeightTotal: 727010,
  /** The demo's work tasks, seeded once through the running engine (session lock; work-tasks/seed/work-tasks-demo.seed.ts). */
  workTasksDemoSeed: 727055,
  /**
   * Bed allocations (one, or a bulk allocation) take turns across the school: a student chosen by two allocations at
   * once gets one bed, and each re-checks the rooms it fills after the other (dormitories/domain/allocation-lock.ts).
   */
  dormitoryAllocation: 727053,
  /**
   * The knowledge base's category tree: creating, moving and deleting categories take turns, so two moves cannot each
   * pass the loop and depth checks and make a cycle together (knowledge/commands/save-category).
   */
  knowledgeTree: 727060,
} as const;

/** Two-key lock spaces: the first key; the second is `hashtext(id)` of the thing locked. */
export const AdvisoryLockSpace = {
  /** One runner of a semester upgrade at a time, across instances (session lock; docs/adr/0025). Second key: the upgrade's instance id. */
  semesterUpgradeRun: 727025,
  /** One schedule start at a time per semester: the "one running" check cannot be passed by two at once. Second key: the semester's id. */
  scheduleStart: 727026,
  /** One runner of a schedule job at a time, across instances (session lock; docs/adr/0026). Second key: the job's id. */
  scheduleRun: 727027,
  /** One student numbering at a time per prefix (year, gender, campus), so two admissions cannot take one serial. Second key: the prefix. */
  studentNumbering: 727028,
  /** Job admission: an owner's count of live jobs and the insert as one step (docs/adr/0029). Second key: the owner's id. */
  jobAdmission: 727029,
  /** A post's receipts: a read or confirmation and the counts pushed to the author as one step, so the last push is the true count. Second key: the post's id. */
  postReceipts: 727039,
  /**
   * A student's selections in an elective batch: their clicks queue one after another, so a double click stores one
   * and the limit is counted right. Second key: hashtext of batch and student. Stated literally in the `elective_select`
   * function of migrations/1732000043000-electives.ts (a migration never changes; the spec keeps the two equal).
   */
  electiveSelection: 727043,
} as const;
