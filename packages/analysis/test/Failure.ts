import { Either } from "effect"

/** The error of a result the test expects to fail; a success fails the test with its value. */
export const failureOf = <E>(result: Either.Either<unknown, E>): E =>
  Either.getOrElse(Either.flip(result), (value) => {
    throw new Error(`expected a failure, got ${JSON.stringify(value)}`)
  })
