import Synchronization

/// Which row form (``MetalRowForm``) each stitchable function of a compiled library runs, and
/// the shader workers of each form's compiled object.
///
/// A library whose functions have lane forms (``MetalLaneForm``) is compiled into two objects,
/// the scalar units and the units with every lane form, the same code but for the row
/// functions of the functions with lane forms; a function runs in the workers of its form's
/// object (a function without a lane form has its scalar row function in both). With
/// ``MetalCompileOptions/FormChoice/measured``, a function whose form is not yet measured runs
/// its verdict's form until its first tiles large enough have timed both in a trial
/// (``SandboxedFrame``'s `renderTile`, ``MetalFormTrial``); the winner is then fixed for the
/// library's life and cached in its unit's ``MetalLaneRecord``, so the next compile of the
/// file loads only the objects its functions' forms need and runs no trial.
final class MetalFormChoice: Sendable {
  /// A function's form.
  enum State: Sendable, Equatable {
    /// Decided: by a trial (now or cached), by the options, or the only form there is.
    case fixed(MetalRowForm)
    /// Not yet measured: the verdict's form runs until a trial settles it.
    case pending(MetalRowForm)

    /// The form a tile runs in this state.
    var form: MetalRowForm {
      switch self {
      case .fixed(let form), .pending(let form): form
      }
    }
  }

  /// A pending function's trial so far: the tiles that took part in it, those that
  /// reported, and the sums of each form's best time on their samples (nanoseconds).
  struct Trial: Sendable {
    var claimed = 0
    var reported = 0
    var verdictTotal: UInt64 = 0
    var otherTotal: UInt64 = 0
  }

  /// The workers of each compiled object: at least one of the two.
  let pools: [MetalRowForm: ShaderWorkerPool]
  /// The stitchable functions' names, by their index in the library.
  private let names: [String]
  private let states: Mutex<(states: [State], trials: [Trial])>
  /// The lane records of the library's units, with their cache keys; a trial's winner is
  /// written into its function's unit's record.
  private let records: Mutex<[(record: MetalLaneRecord, key: String)]>
  /// Each function's unit (an index into `records`), for the functions with both forms.
  private let units: [String: Int]
  private let compiler: MetalCompiler
  /// What a trial counts as a run's time, from the form and the worker's CPU time
  /// (nanoseconds): that time itself; a test sets another to inject timings.
  let timing = Mutex<@Sendable (MetalRowForm, UInt64) -> UInt64>({ $1 })

  /// A choice over `pools` (at least one, unless `names` is empty: a library of functions
  /// SwiftUI cannot call loads none) for the functions `names`, each in `states`' state
  /// (`.fixed(.scalar)` when absent); `units` gives the unit (an index into `records`) of each
  /// function with both forms.
  init(
    pools: [MetalRowForm: ShaderWorkerPool], names: [String], states: [String: State],
    records: [(record: MetalLaneRecord, key: String)], units: [String: Int],
    compiler: MetalCompiler
  ) {
    precondition(!pools.isEmpty || names.isEmpty, "a compiled library has an object")
    self.pools = pools
    self.names = names
    self.states = Mutex(
      (names.map { states[$0] ?? .fixed(.scalar) }, names.map { _ in Trial() }))
    self.records = Mutex(records)
    self.units = units
    self.compiler = compiler
  }

  /// The workers that run `form`: its object's, or the other's when it was not loaded (a
  /// function without a lane form has its scalar row function in both objects).
  func pool(for form: MetalRowForm) -> ShaderWorkerPool {
    guard let pool = pools[form] ?? pools[form.other] else {
      preconditionFailure("a compiled library has an object")
    }
    return pool
  }

  /// The time a trial counts for a run of `form` that took `nanoseconds` of CPU time
  /// (``timing``).
  func counted(_ form: MetalRowForm, _ nanoseconds: UInt64) -> UInt64 {
    let timing = self.timing.withLock { $0 }
    return timing(form, nanoseconds)
  }

  /// The state of function `index`.
  func state(of index: Int) -> State { states.withLock { $0.states[index] } }

  /// Takes a part in function `index`'s trial for one tile: its verdict's form when the
  /// function is pending and fewer than ``MetalFormTrial/tiles`` tiles have taken part, else
  /// `nil` (the tile runs the function's form as it stands).
  func claimTrial(of index: Int) -> MetalRowForm? {
    states.withLock { all in
      guard case .pending(let form) = all.states[index],
        all.trials[index].claimed < MetalFormTrial.tiles
      else { return nil }
      all.trials[index].claimed += 1
      return form
    }
  }

  /// Gives back a tile's part in function `index`'s trial unreported (its verdict's form
  /// failed), so another tile takes it.
  func abandonTrial(of index: Int) {
    states.withLock { all in
      if case .pending = all.states[index] { all.trials[index].claimed -= 1 }
    }
  }

  /// Adds a tile's best times to function `index`'s trial: the verdict's form's and the
  /// other's (`nil`: it failed or was stopped, and the verdict wins).
  ///
  /// The trial is settled when the other form failed or ``MetalFormTrial/tiles`` tiles have
  /// reported, by ``MetalFormTrial/winner(verdict:verdictTimes:otherTimes:)`` over the sums:
  /// the winner is fixed for the library's life and cached in its unit's record.
  func report(_ index: Int, verdictTime: UInt64, otherTime: UInt64?) {
    let winner = states.withLock { all -> MetalRowForm? in
      guard case .pending(let verdict) = all.states[index] else { return nil }
      var winner = verdict
      if let otherTime {
        all.trials[index].reported += 1
        all.trials[index].verdictTotal += verdictTime
        all.trials[index].otherTotal += otherTime
        let trial = all.trials[index]
        guard trial.reported >= MetalFormTrial.tiles else { return nil }
        winner = MetalFormTrial.winner(
          verdict: verdict, verdictTimes: [trial.verdictTotal], otherTimes: [trial.otherTotal])
      }
      all.states[index] = .fixed(winner)
      return winner
    }
    guard let winner, let unit = units[names[index]] else { return }
    records.withLock { records in
      records[unit].record.measured[names[index]] = winner
      compiler.storeLaneRecord(records[unit].record, key: records[unit].key)
    }
  }

  /// The functions whose tiles run their lane form now.
  var laneFunctions: Set<String> {
    states.withLock { all in
      Set(zip(names, all.states).filter { $0.1.form == .lanes }.map(\.0))
    }
  }
}
