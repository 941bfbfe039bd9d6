/**
 * A bounded memo for the pure format checks (`uk-phone`, `uk-postcode`, ...): an account repeats
 * the same phone numbers, postcodes and meter points across requests, and classifying a UK number
 * tries it against every region that shares +44, so the answer for a value is kept and reused.
 * The check is pure, so a remembered answer is the answer; the memo forgets its oldest values
 * beyond `capacity`, so memory stays bounded whatever the traffic.
 */
export function memoiseCheck(
  check: (value: string) => boolean,
  capacity = 4096,
): (value: string) => boolean {
  const answers = new Map<string, boolean>();
  return (value) => {
    const known = answers.get(value);
    if (known !== undefined) {
      // Most recently used last: delete and set again.
      answers.delete(value);
      answers.set(value, known);
      return known;
    }
    const answer = check(value);
    if (answers.size >= capacity) answers.delete(answers.keys().next().value as string);
    answers.set(value, answer);
    return answer;
  };
}
