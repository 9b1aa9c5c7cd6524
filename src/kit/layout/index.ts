export { Panel, ToolActions, ToolForm, ToolLayout, type ToolActionsProps, type ToolFormProps, type ToolLayoutProps } from './ToolLayout';
export { FileDrop, useFileDrop, type FileDropProps } from './FileDrop';
