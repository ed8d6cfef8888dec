import type { Widget } from '@vnoc/contracts';
import type { Layout } from 'react-grid-layout/core';
import { applyLayout, type Direction, moveWidget, resizeWidget, type SizeChange } from './layout.ts';

/** What the screen reads aloud after a change in the editor (a `dashboards` key and its values). */
export type Announcement =
  | { key: 'editor.moved'; values: { name: string; column: number; row: number } }
  | { key: 'editor.resized'; values: { name: string; w: number; h: number } }
  | { key: 'editor.added' | 'editor.removed'; values: { name: string } };

/** The dashboard editor: the widgets being edited (null: not editing) and the last change to announce. */
export interface EditorState {
  draft: Widget[] | null;
  announcement: Announcement | null;
}

/** `name`: the widget's title as the user sees it, for the announcement. */
export type EditorAction =
  | { type: 'open'; widgets: readonly Widget[] }
  | { type: 'close' }
  | { type: 'move'; i: string; name: string; direction: Direction }
  | { type: 'resize'; i: string; name: string; change: SizeChange }
  | { type: 'add'; widget: Widget; name: string }
  | { type: 'remove'; i: string; name: string }
  | { type: 'layout'; layout: Layout }
  | { type: 'configure'; widget: Widget };

export const CLOSED_EDITOR: EditorState = { draft: null, announcement: null };

/**
 * The editor's changes to the draft, each announced but the pointer's (the grid shows those) and a widget's new
 * settings. Outside the editor (no draft) every change but `open` is ignored.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === 'open') return { ...state, draft: [...action.widgets] };
  if (action.type === 'close') return { ...state, draft: null };
  const { draft } = state;
  if (!draft) return state;
  switch (action.type) {
    case 'move': {
      const next = moveWidget(draft, action.i, action.direction);
      const placed = next.find((w) => w.i === action.i)?.layout;
      if (!placed) return { ...state, draft: next };
      const values = { name: action.name, column: placed.x + 1, row: placed.y + 1 };
      return { draft: next, announcement: { key: 'editor.moved', values } };
    }
    case 'resize': {
      const next = resizeWidget(draft, action.i, action.change);
      const placed = next.find((w) => w.i === action.i)?.layout;
      if (!placed) return { ...state, draft: next };
      const values = { name: action.name, w: placed.w, h: placed.h };
      return { draft: next, announcement: { key: 'editor.resized', values } };
    }
    case 'add':
      return {
        draft: [...draft, action.widget],
        announcement: { key: 'editor.added', values: { name: action.name } },
      };
    case 'remove':
      return {
        draft: draft.filter((w) => w.i !== action.i),
        announcement: { key: 'editor.removed', values: { name: action.name } },
      };
    case 'layout':
      return { ...state, draft: applyLayout(draft, action.layout) };
    case 'configure':
      return { ...state, draft: draft.map((w) => (w.i === action.widget.i ? action.widget : w)) };
  }
}
