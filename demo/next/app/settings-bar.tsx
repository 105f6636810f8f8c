/**
 * The demo's settings, sent with each request (see api/chat/route.ts):
 * the AI SDK's `reasoning` option, toolshim's grouping of tool-input
 * deltas (off only to compare), and the sample model's pace.
 */

export interface Settings {
  reasoning: '' | 'none' | 'low' | 'medium' | 'high';
  grouping: boolean;
  delayMs: number;
}

export function SettingsBar({ settings, onChange }: { settings: Settings; onChange: (next: Settings) => void }) {
  return (
    <div className="settings">
      <label>
        Reasoning
        <select
          data-testid="reasoning"
          value={settings.reasoning}
          onChange={(e) => onChange({ ...settings, reasoning: e.target.value as Settings['reasoning'] })}
        >
          <option value="">default</option>
          <option value="none">none</option>
          <option value="low">low</option>
          <option value="medium">medium</option>
          <option value="high">high</option>
        </select>
      </label>
      <label>
        Pace
        <select
          data-testid="pace"
          value={settings.delayMs}
          onChange={(e) => onChange({ ...settings, delayMs: Number(e.target.value) })}
        >
          <option value={15}>readable (10 s at most)</option>
          <option value={0}>fastest</option>
        </select>
      </label>
      <label title="toolshim's coalesceToolInput: off sends one tool-input-delta per parsed piece, to compare">
        <input
          type="checkbox"
          data-testid="grouping"
          checked={settings.grouping}
          onChange={(e) => onChange({ ...settings, grouping: e.target.checked })}
        />
        Group deltas
      </label>
    </div>
  );
}
