//! The five examples of the course's assignment text (CSCI-561, spring 2018, homework 1), which Sente states as its
//! own test cases. The assignment prints each input without its depth line and most outputs as their first line
//! only; the depth limits and the full four-line answers here are the ones docs/starcircle.md works out by hand
//! (Example 1's tree, Example 2's pruned leaf, the passes of Examples 3–5).

/// One example: its input file and the exact four-line output.
pub struct Example {
    /// "Example 1" … "Example 5".
    pub name: &'static str,
    /// `input.txt`, as the grader puts it in the work folder.
    pub input: &'static str,
    /// `output.txt`: four lines, no newline after the last.
    pub output: &'static str,
}

/// The board and row values of Examples 1 and 2: Stars on H2 and F4, a Circle on G3.
macro_rules! board_1 {
    () => {
        "0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n\
         0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80"
    };
}

/// The five examples, in the assignment's order.
pub const EXAMPLES: [Example; 5] = [
    Example { name: "Example 1", input: concat!("Star\nMINIMAX\n2\n", board_1!()), output: "F4-H2\n160\n160\n5" },
    Example { name: "Example 2", input: concat!("Star\nALPHABETA\n2\n", board_1!()), output: "F4-H2\n160\n160\n4" },
    Example {
        name: "Example 3",
        input: "Star\nMINIMAX\n9\n0,S1,0,0,0,0,0,0\nS1,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,C1\n0,0,0,0,0,0,0,0\n\
            0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80",
        output: "G1-H2\n130\n90\n26",
    },
    Example {
        name: "Example 4",
        input: "Circle\nALPHABETA\n2\n0,S2,0,0,0,0,0,0\nS1,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,C1\n0,0,0,0,0,0,S1,0\n\
            0,0,0,0,0,S1,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80",
        output: "pass\n-290\n-300\n5",
    },
    Example {
        name: "Example 5",
        input: "Star\nALPHABETA\n7\n0,C1,0,C1,0,C1,0,C1\nC1,0,C1,0,C1,0,C1,0\n0,S1,0,S1,0,S1,0,S1\n\
            S1,0,S1,0,S1,0,S1,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n\
            10,20,30,40,52,70,90,1000",
        output: "pass\n368\n368\n3",
    },
];
