/**
 * A bounded memo for a costly pure check: libphonenumber's classification of a written UK number
 * tries it against every region that shares +44, so its answer for a value is kept and reused.
 * Cheap checks (patterns, digit sums) are asked directly: on a migration's distinct values a memo
 * costs more than they do (decision 027). The check is pure, so a remembered answer is the
 * answer; the memo forgets its oldest-kept values beyond `capacity`, so memory stays bounded
 * whatever the traffic.
 */
export function memoiseCheck(
  check: (value: string) => boolean,
  capacity = 4096,
): (value: string) => boolean {
  return memoise(check, capacity);
}

/**
 * The same bounded memo for any pure function of a text (the mock's one-way hash of a token is
 * asked for on every secured request, AUTH-2): at most `capacity` answers are kept.
 */
export function memoise<T>(compute: (value: string) => T, capacity = 4096): (value: string) => T {
  const answers = new Map<string, T>();
  return (value) => {
    // A hit is answered as it is, without reordering (the reordering cost more than the checks
    // it saved on the commonest values); the oldest-kept answer goes first once full.
    const known = answers.get(value);
    if (known !== undefined || answers.has(value)) return known as T;
    const answer = compute(value);
    if (answers.size >= capacity) answers.delete(answers.keys().next().value as string);
    answers.set(value, answer);
    return answer;
  };
}
