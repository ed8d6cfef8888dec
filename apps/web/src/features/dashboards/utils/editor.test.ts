import { describe, expect, it } from 'vitest';
import { widgetAt } from '../test/widgets.ts';
import { CLOSED_EDITOR, type EditorAction, type EditorState, editorReducer } from './editor.ts';

const w = widgetAt;
const a = w('a', 0, 0, 6, 3);
const b = w('b', 6, 0, 6, 3);
const editing: EditorState = { draft: [a, b], announcement: null };
const places = (state: EditorState) =>
  state.draft?.map((x) => [x.i, x.layout.x, x.layout.y, x.layout.w, x.layout.h]);

describe('editorReducer', () => {
  it.each<[string, EditorAction, ReturnType<typeof places>, EditorState['announcement']]>([
    [
      'moves a widget a column and says where it is now',
      { type: 'move', i: 'a', name: 'Devices', direction: 'right' },
      [
        ['a', 1, 0, 6, 3],
        ['b', 6, 3, 6, 3],
      ],
      { key: 'editor.moved', values: { name: 'Devices', column: 2, row: 1 } },
    ],
    [
      'resizes a widget and says its size',
      { type: 'resize', i: 'a', name: 'Devices', change: 'taller' },
      [
        ['a', 0, 0, 6, 4],
        ['b', 6, 0, 6, 3],
      ],
      { key: 'editor.resized', values: { name: 'Devices', w: 6, h: 4 } },
    ],
    [
      'adds a widget at the end and names it',
      { type: 'add', widget: w('c', 0, 3, 4, 2, 'Uptime'), name: 'Uptime' },
      [
        ['a', 0, 0, 6, 3],
        ['b', 6, 0, 6, 3],
        ['c', 0, 3, 4, 2],
      ],
      { key: 'editor.added', values: { name: 'Uptime' } },
    ],
    [
      'removes a widget and names it',
      { type: 'remove', i: 'b', name: 'Sites' },
      [['a', 0, 0, 6, 3]],
      { key: 'editor.removed', values: { name: 'Sites' } },
    ],
    [
      "takes the grid's layout after a drag, silently",
      { type: 'layout', layout: [{ i: 'b', x: 0, y: 3, w: 12, h: 2 }] },
      [
        ['a', 0, 0, 6, 3],
        ['b', 0, 3, 12, 2],
      ],
      null,
    ],
    [
      'replaces a widget by its new settings, silently',
      { type: 'configure', widget: { ...b, name: 'Mine' } },
      [
        ['a', 0, 0, 6, 3],
        ['b', 6, 0, 6, 3],
      ],
      null,
    ],
  ])('%s', (_, action, expected, announcement) => {
    const next = editorReducer(editing, action);
    expect(places(next)).toEqual(expected);
    expect(next.announcement).toEqual(announcement);
  });

  it('keeps the settings a widget was given', () => {
    const next = editorReducer(editing, { type: 'configure', widget: { ...b, name: 'Mine' } });
    expect(next.draft?.find((x) => x.i === 'b')?.name).toBe('Mine');
  });

  it('a move against the edge changes nothing and says where the widget stays', () => {
    const next = editorReducer(editing, { type: 'move', i: 'a', name: 'Devices', direction: 'left' });
    expect(places(next)).toEqual(places(editing));
    expect(next.announcement).toEqual({
      key: 'editor.moved',
      values: { name: 'Devices', column: 1, row: 1 },
    });
  });

  it('opens on a copy of the saved widgets and closes without them', () => {
    const saved = [a];
    const opened = editorReducer(CLOSED_EDITOR, { type: 'open', widgets: saved });
    expect(opened.draft).toEqual([a]);
    expect(opened.draft).not.toBe(saved);
    expect(editorReducer(opened, { type: 'close' }).draft).toBeNull();
  });

  it.each<EditorAction>([
    { type: 'move', i: 'a', name: 'Devices', direction: 'right' },
    { type: 'resize', i: 'a', name: 'Devices', change: 'wider' },
    { type: 'add', widget: a, name: 'Devices' },
    { type: 'remove', i: 'a', name: 'Devices' },
    { type: 'layout', layout: [] },
    { type: 'configure', widget: a },
  ])('outside the editor ignores $type', (action) => {
    expect(editorReducer(CLOSED_EDITOR, action)).toBe(CLOSED_EDITOR);
  });
});
