import type { ProjectsMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type ProjectsKey = MessageKey<ProjectsMessages>;

export const projectsText = namespaceText<ProjectsMessages>('projects');

/** 项目管理's texts (`pj`) and the web kit's, re-rendering the caller when the language changes. */
export const useProjectsT = namespaceHook('pj', projectsText);
