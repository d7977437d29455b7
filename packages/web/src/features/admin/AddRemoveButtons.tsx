/** "Add role" / "Remove role" (or badge): the pair of buttons a grant form ends with. */
export function AddRemoveButtons({
  what,
  pending,
  onChange,
}: {
  /** What is granted, as the buttons name it: "role", "badge". */
  what: string;
  pending: boolean;
  /** true to add, false to remove. */
  onChange: (add: boolean) => void;
}) {
  return (
    <div className="admin-row-actions">
      <button
        type="button"
        className="button-primary"
        disabled={pending}
        onClick={() => onChange(true)}
      >
        Add {what}
      </button>
      <button
        type="button"
        className="button-danger"
        disabled={pending}
        onClick={() => onChange(false)}
      >
        Remove {what}
      </button>
    </div>
  );
}
