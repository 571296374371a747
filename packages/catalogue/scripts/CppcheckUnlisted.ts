import { CppcheckCheck, type CppcheckSeverity } from "./CppcheckErrorList.js"

/**
 * Checks Cppcheck 2.10 reports that its `--errorlist` does not list: read from its sources
 * (`danmar/cppcheck` at tag 2.10, each `reportError` of `lib/` whose id is missing from the
 * listing), with the severity, message and CWE they are reported with. `uninitvar` is the one
 * that matters most: Cppcheck's use of an uninitialised variable is missing from its own listing.
 * An id built at run time is here under the name it takes (`integerOverflow` + `Cond` for a
 * value known under a condition only).
 *
 * Left out on purpose:
 * - the whole-program checks (`ctunullpointer`, `ctuuninitvar`, `ctuArrayIndex`, `ctuPointerArith`,
 *   `ctuOneDefinitionRuleViolation`): their finding in one file depends on every other file of
 *   the same run, which a per-file cache cannot key; the same faults within one file are
 *   `nullPointer`, `uninitvar` and `arrayIndexOutOfBounds`;
 * - the ids that say Cppcheck could not analyse a file (`syntaxError`, `unknownMacro`,
 *   `internalAstError`, `cppcheckError`, `cppcheckLimit`, `instantiationError`, `internalError`):
 *   the analysis names such a file as not analysed instead of counting an issue in it;
 * - the checks of Cppcheck's own code (`lib/checkinternal.cpp`), its debug output, and the
 *   information messages for the authors of its library files (`checkLibrary…`).
 */
const rows: ReadonlyArray<readonly [string, CppcheckSeverity, string, number | undefined]> = [
  ["uninitvar", "error", "Uninitialized variable: var", 457],
  ["legacyUninitvar", "error", "Uninitialized variable: var", 457],
  ["integerOverflowCond", "warning", "Either the condition is redundant or there is signed integer overflow.", 190],
  ["signConversionCond", "warning", "Expression can have a negative value, which is converted to an unsigned value.", 195],
  ["pointerOutOfBoundsCond", "portability", "Pointer arithmetic overflow.", 758],
  ["containerOutOfBoundsIndexExpression", "error", "Out of bounds access of container, index 'i' is out of bounds.", 398],
  ["invalidContainerReference", "error", "Reference to container that may be invalid.", 664],
  ["derefInvalidIteratorRedundantCheck", "warning", "Either the condition is redundant or there is possible dereference of an invalid iterator.", 825],
  ["terminateStrncpy", "warning", "The buffer 'buf' may not be null-terminated after the call to strncpy().", 170],
  ["copyCtorNoAllocation", "warning", "Copy constructor does not allocate memory for member 'var' although memory has been allocated in other constructors.", undefined],
  ["allocaCalled", "warning", "Obsolete function 'alloca' called.", undefined],
  ["ignoredReturnErrorCode", "style", "Error code from the return value of function f() is not used.", 252],
  ["redundantContinue", "style", "'continue' is redundant since it is the last statement in a loop.", 561],
  ["nonStandardCharLiteral", "portability", "Non-standard character literal.", undefined],
  ["stlcstrAssignment", "performance", "Assigning the result of c_str() to a std::string is slow and redundant.", 704],
  ["stlcstrConcat", "performance", "Concatenating the result of c_str() and a std::string is slow and redundant.", 704],
  ["stlcstrConstructor", "performance", "Constructing a std::string from the result of c_str() is slow and redundant.", 704],
  ["stlcstrStream", "performance", "Passing the result of c_str() to a stream is slow and redundant.", 704],
  ["uselessCallsConstructor", "performance", "Inefficient constructor call: container 'c' is assigned a partial copy of itself. Use erase() or resize() instead.", 398]
]

export const unlistedChecks: ReadonlyArray<CppcheckCheck> = rows.map(([id, severity, message, cwe]) =>
  CppcheckCheck.make({ id, severity, message, verbose: message, ...(cwe === undefined ? {} : { cwe }) })
)
