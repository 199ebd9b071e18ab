import { z } from 'zod';
import { Permission } from './permissions.js';
import { POST_ATTACHMENT_LIMITS, POST_BODY_MAX } from './posts-api.js';
import { pageNumber, uuidText } from './schemas.js';

/**
 * 知识库 (view stem `zskgl`; docs/product/office.md#knowledge-base, docs/adr/0060-knowledge-base.md): a tree of
 * categories, each saying who may read it (everyone, or some roles and departments; a subcategory narrows its parent,
 * never widens it), rich-text articles with attachments inheriting their category's readers, every save kept as a
 * version that can be viewed and restored, and a full-text search in Chinese and English that finds only what the
 * reader may read. Categories are managed with `knowledge:manage`; articles are written by those and by the
 * category's named editors. Under `/server/api/knowledge`.
 */
export const KNOWLEDGE_BASE = '/api/knowledge';

export const knowledgePath = {
  /** `GET` → `KnowledgeCategory[]` (the ones I may read, in tree order); `POST` `knowledgeCategoryInputSchema` → `KnowledgeCategory` (knowledge:manage). */
  categories: `${KNOWLEDGE_BASE}/categories`,
  /** `PUT` `knowledgeCategoryInputSchema` → `KnowledgeCategory`; `DELETE` (an empty category only). */
  category: (id: string): string => `${KNOWLEDGE_BASE}/categories/${id}`,
  /** `GET` `knowledgeArticleQuerySchema` → `KnowledgeArticlePage` (with `q`: the search, best first); `POST` `knowledgeArticleInputSchema` → `KnowledgeArticle`. */
  articles: `${KNOWLEDGE_BASE}/articles`,
  /** `GET` → `KnowledgeArticle`; `PUT` `knowledgeArticleUpdateSchema` → `KnowledgeArticle` (a new version); `DELETE`. */
  article: (id: string): string => `${KNOWLEDGE_BASE}/articles/${id}`,
  /** `GET` → `KnowledgeVersionSummary[]`, newest first. */
  versions: (id: string): string => `${KNOWLEDGE_BASE}/articles/${id}/versions`,
  /** `GET` → `KnowledgeVersion`: one kept version as it was saved. */
  version: (id: string, version: number): string => `${KNOWLEDGE_BASE}/articles/${id}/versions/${version}`,
  /** `POST` → `KnowledgeArticle`: the kept version's title, body and attachments saved again as a new version. */
  restore: (id: string, version: number): string => `${KNOWLEDGE_BASE}/articles/${id}/versions/${version}/restore`,
} as const;

/** Creating, changing and deleting categories (their readers and editors), and writing in every category. */
export const KNOWLEDGE_MANAGE_PERMISSION = Permission.knowledgeManage;

/** The page (menu 知识库, every role): the tree, the articles, the search, reading and — for editors — writing. */
export const KNOWLEDGE_PAGE = { url: '/zskgl', permission: 'menu:knowledge', icon: 'book', sort: 47 } as const;

export const KNOWLEDGE_LIMITS = {
  nameMax: 30,
  nameEnMax: 60,
  sortMax: 9999,
  /** Levels of the tree: a top category and three below it. */
  depth: 4,
  roles: 50,
  departments: 50,
  editors: 20,
  titleMax: 100,
  bodyMax: POST_BODY_MAX,
  /** Publishing's per-kind limits apply (pictures, a video, documents): this bounds the list itself. */
  attachments: POST_ATTACHMENT_LIMITS.pictures + POST_ATTACHMENT_LIMITS.videos + POST_ATTACHMENT_LIMITS.documents,
  queryMax: 50,
  pageSize: 20,
  pageSizeMax: 50,
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const idList = (max: number, tooMany: string) => z.array(uuidText(), { error: 'validation.invalid' }).max(max, tooMany).default([]);

/**
 * A category: where it sits, its names, and who reads it — everyone, or the named roles (by code) and departments (a
 * department includes the departments under it) — and who writes in it besides the managers (named staff).
 */
export const knowledgeCategoryInputSchema = z
  .object({
    parentId: z.preprocess(blank, uuidText().nullable().default(null)),
    name: text('knowledge.validation.nameRequired', KNOWLEDGE_LIMITS.nameMax, 'knowledge.validation.nameTooLong'),
    nameEn: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'knowledge.validation.nameEnTooLong' }).trim().max(KNOWLEDGE_LIMITS.nameEnMax, 'knowledge.validation.nameEnTooLong')),
    sort: z.coerce.number({ error: 'knowledge.validation.sortInvalid' }).int('knowledge.validation.sortInvalid').min(0, 'knowledge.validation.sortInvalid').max(KNOWLEDGE_LIMITS.sortMax, 'knowledge.validation.sortInvalid').default(0),
    everyone: z.boolean({ error: 'validation.invalid' }).default(true),
    roles: z
      .array(z.string({ error: 'validation.invalid' }).regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, 'validation.invalid'), { error: 'validation.invalid' })
      .max(KNOWLEDGE_LIMITS.roles, 'knowledge.validation.tooManyReaders')
      .default([]),
    departmentIds: idList(KNOWLEDGE_LIMITS.departments, 'knowledge.validation.tooManyReaders'),
    editorIds: idList(KNOWLEDGE_LIMITS.editors, 'knowledge.validation.tooManyEditors'),
  })
  .refine((c) => c.everyone || c.roles.length > 0 || c.departmentIds.length > 0, { message: 'knowledge.validation.readersRequired', path: ['roles'] })
  .transform((c) => ({ ...c, roles: [...new Set(c.roles)], departmentIds: [...new Set(c.departmentIds)], editorIds: [...new Set(c.editorIds)] }));
export type KnowledgeCategoryInput = z.input<typeof knowledgeCategoryInputSchema>;
export type KnowledgeCategoryValues = z.output<typeof knowledgeCategoryInputSchema>;

const articleFields = {
  categoryId: z.string({ error: 'knowledge.validation.categoryRequired' }).min(1, 'knowledge.validation.categoryRequired').pipe(uuidText()),
  title: text('knowledge.validation.titleRequired', KNOWLEDGE_LIMITS.titleMax, 'knowledge.validation.titleTooLong'),
  /** The editor's HTML; sanitised by the server (publishing's sanitiser), which also refuses one that says nothing. */
  body: z.string({ error: 'knowledge.validation.bodyRequired' }).min(1, 'knowledge.validation.bodyRequired').max(KNOWLEDGE_LIMITS.bodyMax, 'knowledge.validation.bodyTooLong'),
  attachments: idList(KNOWLEDGE_LIMITS.attachments, 'knowledge.validation.tooManyAttachments').transform((ids) => [...new Set(ids)]),
};

export const knowledgeArticleInputSchema = z.object(articleFields);
export type KnowledgeArticleInput = z.input<typeof knowledgeArticleInputSchema>;
export type KnowledgeArticleValues = z.output<typeof knowledgeArticleInputSchema>;

/** A change: the same fields and the version it was made from (a save over someone else's newer one is refused). */
export const knowledgeArticleUpdateSchema = z.object({
  ...articleFields,
  baseVersion: z.number({ error: 'knowledge.validation.baseVersionInvalid' }).int('knowledge.validation.baseVersionInvalid').min(1, 'knowledge.validation.baseVersionInvalid'),
});
export type KnowledgeArticleUpdate = z.output<typeof knowledgeArticleUpdateSchema>;

/** The list of a category (and the categories under it), or the search with `q`; only what the reader may read. */
export const knowledgeArticleQuerySchema = z.object({
  categoryId: z.preprocess(blank, uuidText().optional()),
  q: z.preprocess(blank, z.string({ error: 'knowledge.validation.queryTooLong' }).trim().max(KNOWLEDGE_LIMITS.queryMax, 'knowledge.validation.queryTooLong').optional()),
  current: pageNumber().default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(KNOWLEDGE_LIMITS.pageSizeMax, 'validation.pageSizeInvalid').default(KNOWLEDGE_LIMITS.pageSize),
});
export type KnowledgeArticleQuery = z.output<typeof knowledgeArticleQuerySchema>;

export interface KnowledgeUserRef {
  id: string;
  name: string;
}

export interface KnowledgeCategory {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string;
  sort: number;
  /** Who reads it by its own rule (its parent's rule applies too). */
  everyone: boolean;
  roles: string[];
  departmentIds: string[];
  editors: KnowledgeUserRef[];
  /** Articles directly in it that the reader may read (all of them: a category's articles share its readers). */
  articles: number;
  /** Whether the reader writes articles here (knowledge:manage, or a named editor of it or of a category above it). */
  canEdit: boolean;
}

/** One half of a highlighted text: `hit` marks what the search matched. */
export interface KnowledgeTextPart {
  text: string;
  hit: boolean;
}

export interface KnowledgeArticleSummary {
  id: string;
  categoryId: string;
  categoryName: string;
  categoryNameEn: string;
  title: string;
  version: number;
  /** The first words of the body, or with a search the passage around the first match (highlighted). */
  excerpt: KnowledgeTextPart[];
  /** With a search: the title with its matches marked; else the title as one part. */
  titleParts: KnowledgeTextPart[];
  attachments: number;
  updatedBy: string | null;
  /** School time `YYYY-MM-DD HH:mm`. */
  updatedAt: string;
}

export interface KnowledgeArticlePage {
  total: number;
  list: KnowledgeArticleSummary[];
}

export interface KnowledgeFile {
  resId: string;
  resName: string;
  resSuffix: string;
}

export interface KnowledgeArticle {
  id: string;
  categoryId: string;
  categoryName: string;
  categoryNameEn: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  attachments: KnowledgeFile[];
  version: number;
  canEdit: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
}

export interface KnowledgeVersionSummary {
  version: number;
  title: string;
  /** The version this one restored, or null: an ordinary save. */
  restoredFrom: number | null;
  current: boolean;
  savedBy: string | null;
  savedAt: string;
}

export interface KnowledgeVersion extends KnowledgeVersionSummary {
  articleId: string;
  body: string;
  attachments: KnowledgeFile[];
}
