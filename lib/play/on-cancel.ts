/**
 * The same stream, calling `onCancel` when its reader cancels it: when the client of a response
 * goes away, the server cancels the body, and a run that nobody reads should stop paying a model.
 */
export function onCancel<T>(stream: ReadableStream<T>, onCancel: () => void): ReadableStream<T> {
  const reader = stream.getReader();
  return new ReadableStream<T>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      onCancel();
      return reader.cancel(reason);
    },
  });
}
