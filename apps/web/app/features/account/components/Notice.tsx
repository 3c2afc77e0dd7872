// The status and error lines of the password pages: a success is announced politely, a failure at once.
export function Notice({ done, failed }: { done: string | null; failed: string | null }) {
  if (failed) {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {failed}
      </p>
    );
  }
  if (done) {
    return (
      <p
        role="status"
        className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-800"
      >
        {done}
      </p>
    );
  }
  return null;
}
